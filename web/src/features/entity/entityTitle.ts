import { site } from '../../lib/site';

/** Document title of an entity page: '美团 - 公司主页 - 桔子数据'. */
export const entityTitle = (...parts: (string | undefined)[]) => [...parts, site.name].filter(Boolean).join(' - ');

/** A route param as a positive integer id, or NaN (the worker then answers with its Chinese BAD_REQUEST). */
export const idOf = (param: string) => (/^\d{1,10}$/.test(param) ? Number(param) : Number.NaN);

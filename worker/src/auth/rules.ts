/**
 * Access rules finer than a route's level that the spec applies in several areas, enforced by the
 * worker whatever the client sends. Every area calls these; none keeps its own copy. (What a
 * visitor may ask for, page 1 with the default filters, sort and tab, is declared on each route:
 * `visitor` in lib/route.ts.)
 * - a logged-in non-VIP stops at page NON_VIP_MAX_PAGE of a members' list;
 * - a members-only tab or section needs VIP.
 */
import type { SessionUser } from '../env';
import { ApiError } from '../lib/errors';
import { NON_VIP_MAX_PAGE } from './limits';

export { NON_VIP_MAX_PAGE };

export function nonVipPageLimit(user: SessionUser | null, page: number): void {
  if (user && !user.isVip && page > NON_VIP_MAX_PAGE) {
    throw new ApiError('VIP_REQUIRED', `非VIP会员最多查看前${NON_VIP_MAX_PAGE}页，请开通会员`, { max_page: NON_VIP_MAX_PAGE });
  }
}

/** A tab or section the spec reserves for members (VIP or super-VIP); visitors are asked to log in first. */
export function membersOnly(user: SessionUser | null, what = '该内容'): void {
  if (!user) throw new ApiError('LOGIN_REQUIRED');
  if (!user.isVip) throw new ApiError('VIP_REQUIRED', `${what}仅对VIP会员开放，请升级会员`);
}

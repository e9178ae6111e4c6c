/**
 * Where the healthcare pages link to. The information tabs' 'view more' targets: the spec's
 * mapping on the tag page uses shifted indices and is ambiguous, so each tab gets its own list:
 * 政策 -> /policy?scope=医疗健康 (policies carry a scope, not tags), 新闻 -> /news?tag={tag name},
 * 融资事件 -> /investevent?tag={tag name}; on /health the same lists by scope.
 */
import { MEDICAL_SCOPE, type InfoTab } from '../../../../worker/src/medical/constants';
import { site } from '../../lib/site';

const scope = encodeURIComponent(MEDICAL_SCOPE);

export function viewMoreHref(tab: InfoTab, tagName?: string): string {
  if (tab === 'policy') return `/policy?scope=${scope}`;
  const list = tab === 'news' ? '/news' : '/investevent';
  return tagName ? `${list}?tag=${encodeURIComponent(tagName)}` : `${list}?scope=${scope}`;
}

/** A tag page (route name healthlist). */
export const tagHref = (tagId: number) => `/health/${tagId}`;

export const companyHref = (id: number) => `/company/${id}`;
export const firmHref = (id: number) => `/investfirm/${id}`;
export const eventHref = (id: number) => `/investevent/${id}`;
export const policyHref = (id: number) => `/policy/${id}`;

/** The phone page in the share button's QR code. */
export const mobileHealthUrl = () => `${window.location.origin}/healthMobile`;

export const healthTitle = (page?: string) => (page ? [page, '医疗健康', site.name] : ['医疗健康投资数据库', site.name]).join(' - ');

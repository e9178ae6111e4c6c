/**
 * The finer access rules of the closed-company lists, enforced whatever the client sends:
 * a visitor sees page 1 with the default filters only; a logged-in non-VIP stops at page 3
 * of the closed-company list.
 */
import type { SessionUser } from '../env';
import { ApiError } from '../lib/errors';

export const NON_VIP_MAX_PAGE = 3;

/** `changed` is true when the request asks for anything but page 1 with the default filters, sort and tab. */
export function visitorSeesDefaultsOnly(user: SessionUser | null, changed: boolean): void {
  if (!user && changed) throw new ApiError('LOGIN_REQUIRED', '登录后才能翻页、筛选、排序或切换标签');
}

export function nonVipPageLimit(user: SessionUser | null, page: number): void {
  if (user && !user.isVip && page > NON_VIP_MAX_PAGE) {
    throw new ApiError('VIP_REQUIRED', `非VIP会员最多查看前${NON_VIP_MAX_PAGE}页，请开通会员`, { max_page: NON_VIP_MAX_PAGE });
  }
}

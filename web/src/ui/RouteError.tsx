import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useLocation, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '../lib/api';
import { AppLink } from './AppLink';
import { EmptyState } from './EmptyState';
import './route-error.css';

/** Where a page that cannot be shown sends the reader: the list of its area, by the first path segment. */
const AREA_LISTS: Record<string, { href: string; label: string }> = {
  kcb: { href: '/kcb/project', label: '返回科创板企业列表' },
  deathCompany: { href: '/deathCompany', label: '返回死亡公司库' },
  deathReason: { href: '/deathReason', label: '返回死亡原因' },
  deathTrack: { href: '/deathTrack', label: '返回死亡赛道' },
  deathRank: { href: '/deathRank', label: '返回烧钱榜' },
  deathReport: { href: '/deathReport', label: '返回死亡报告' },
  health: { href: '/health', label: '返回医疗健康' },
  atlas: { href: '/health#atlas', label: '返回医疗产业图谱' },
  investevent: { href: '/investevent', label: '返回融资事件列表' },
  policy: { href: '/policy', label: '返回政策列表' },
  news: { href: '/news', label: '返回新闻列表' },
};
const HOME = { href: '/', label: '返回首页' };

/** The list to go back to from `pathname`; pages of no list (a company, a firm, a person) go home. */
export const areaListOf = (pathname: string) => AREA_LISTS[pathname.split('/')[1] ?? ''] ?? HOME;

/**
 * A route's errorComponent: its loader or a suspense query failed. The worker's NOT_FOUND (an
 * unknown id) and BAD_REQUEST (a link the worker cannot read) cannot be helped by trying again:
 * the page says what is missing and links to its area's list. Anything else shows the worker's
 * Chinese message (the gate has already shown its toast or dialog) and 重试, which runs the route's
 * loaders again; failed queries are reset so they fetch again instead of rethrowing.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { reset } = useQueryErrorResetBoundary();
  useEffect(() => reset(), [reset]);
  if (isApiError(error) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) {
    const back = areaListOf(pathname);
    // A BAD_REQUEST message names the refused field: the reader is told the link is wrong instead.
    const msg = error.code === 'NOT_FOUND' ? error.message || '您要找的内容不存在或已被删除' : '链接有误，无法显示这个页面';
    return (
      <div className="container route-error" role="alert" data-route-error={error.code}>
        <EmptyState text={msg}>
          <AppLink href={back.href} className="btn btn-primary btn-sm">
            {back.label}
          </AppLink>
        </EmptyState>
      </div>
    );
  }
  const msg = isApiError(error) ? error.message : '页面加载失败，请稍后重试';
  return (
    <div className="container route-error" role="alert">
      <EmptyState text={msg}>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void router.invalidate()}>
          重试
        </button>
      </EmptyState>
    </div>
  );
}

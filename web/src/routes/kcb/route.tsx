import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { StarNav, type StarNavKey } from '../../features/starmarket/StarNav';
import '../../features/starmarket/starmarket.css';

/** The STAR-market area's layout (科创板): its nav bar above every /kcb page. */
export const Route = createFileRoute('/kcb')({
  component: KcbLayout,
});

function activeKey(pathname: string): StarNavKey | undefined {
  const part = pathname.split('/')[2] ?? '';
  if (part === '') return 'home';
  if (part === 'project' || part === 'rank' || part === 'disclosure') return part;
  return undefined;
}

function KcbLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className="container star-page">
      <StarNav active={activeKey(pathname)} />
      <Outlet />
    </div>
  );
}

/** Shared by the area's pages as their errorComponent. */
export function StarError({ error }: { error: unknown }) {
  return <div className="star-error">{error instanceof Error ? error.message : '加载失败，请稍后重试'}</div>;
}

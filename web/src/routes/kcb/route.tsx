import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { StarNav, type StarNavKey } from '../../features/starmarket/StarNav';
import { getToken } from '../../lib/token';
import '../../features/starmarket/starmarket.css';

/**
 * The STAR-market area's layout (科创板): its nav bar above every /kcb page. `signedIn` is read on
 * every navigation and handed to the pages' loaders, which ask the worker for nothing it would
 * refuse a visitor (the page shows its login wall or prompt instead).
 */
export const Route = createFileRoute('/kcb')({
  beforeLoad: () => ({ signedIn: getToken() !== null }),
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


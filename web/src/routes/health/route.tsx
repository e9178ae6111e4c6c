import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { HealthNav } from '../../features/medical/HealthNav';
import { getToken } from '../../lib/token';
import './health-area.css';

/**
 * The healthcare area's layout (医疗健康): /health and the tag pages /health/{tagId} (route name
 * healthlist) under the area bar. (/healthMobile has its own phone layout; /health-subscription
 * is the subscription page.)
 */
export const Route = createFileRoute('/health')({
  beforeLoad: () => ({ signedIn: getToken() !== null }),
  component: HealthLayout,
});

function HealthLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const onTagPage = /^\/health\/[^/]+/.test(pathname);
  return (
    <div className="container health-area">
      <HealthNav onTagPage={onTagPage} />
      <Outlet />
    </div>
  );
}

import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { useViewer } from '../../features/auth/me';
import { ClosureNavBar } from '../../features/closure/ClosureNavBar';
import { closurePageOf, closurePageTitle, type ClosurePage } from '../../features/closure/closurePages';
import { getToken } from '../../lib/token';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LoginWall } from '../../ui/LoginWall';
import './closure-area.css';

/**
 * The closed-company area (死亡公司库): /deathCompany, /deathReason, /deathTrack, /deathRank and
 * /deathReport are the pages of this pathless layout. It holds the area's nav bar and its login
 * gate: every page but the home needs login, so a visitor sees the login wall (and the login
 * dialog) instead of the page, and the pages' loaders ask the worker for nothing it would refuse.
 */
export const Route = createFileRoute('/_closure')({
  // Read on every navigation and handed to the pages' loaders (context.signedIn).
  beforeLoad: () => ({ signedIn: getToken() !== null }),
  component: ClosureLayout,
});

function ClosureLayout() {
  const path = useMatches({ select: (matches) => matches.at(-1)?.fullPath });
  const page = closurePageOf(path);
  const { loggedIn } = useViewer();
  return (
    <div className="closure-area">
      <div className="container closure-area-nav">
        <ClosureNavBar />
      </div>
      {page?.loginWall && !loggedIn ? <WalledPage page={page} what={page.loginWall} /> : <Outlet />}
    </div>
  );
}

/** A page a visitor may not see: the login wall, under the page's own title. */
function WalledPage({ page, what }: { page: ClosurePage; what: string }) {
  useDocumentTitle(closurePageTitle(page));
  return <LoginWall what={what} />;
}

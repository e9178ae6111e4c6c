import type { ReactNode } from 'react';
import { useViewer } from '../auth/me';
import { ClosureNavBar, type ClosureNavKey } from './ClosureNavBar';
import { LoginWall } from '../../ui/LoginWall';
import './closure-more.css';

/**
 * The frame of the closed-company pages that need login: the area's nav bar on top, then the page
 * for a signed-in user, or the login prompt (and dialog) for a visitor instead of any data call.
 */
export function GatedClosurePage({ active, what, children }: { active: ClosureNavKey; what: string; children: ReactNode }) {
  const { loggedIn } = useViewer();
  return (
    <div className="closure-more-page">
      <div className="container closure-more-nav">
        <ClosureNavBar active={active} />
      </div>
      {loggedIn ? children : <LoginWall what={what} />}
    </div>
  );
}

import { useEffect } from 'react';
import { gateStore, openLogin } from '../../lib/gate';

/**
 * What a visitor sees on a closed-company page that needs login (/deathReason, /deathTrack,
 * /deathRank, /deathReport): the login dialog opens once and the page shows a prompt instead of data.
 */
export function LoginWall({ what }: { what: string }) {
  useEffect(() => {
    // An expired token already opened the dialog with its own message ('登录已过期…'): keep that one.
    if (gateStore.get() === null) openLogin();
  }, []);
  return (
    <div className="login-wall">
      <div className="login-wall-icon" aria-hidden="true" />
      <p>登录后查看{what}</p>
      <button type="button" className="btn btn-primary" onClick={() => openLogin()}>
        立即登录
      </button>
    </div>
  );
}

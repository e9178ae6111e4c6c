import { openLogin, useLoginDialogOnMount } from '../lib/gate';
import './login-wall.css';

/**
 * What a visitor sees instead of a page that needs login (e.g. the closed-company pages behind
 * their area layout): the login dialog opens once and the page shows '登录后查看{what}' with a
 * button instead of any data.
 */
export function LoginWall({ what }: { what: string }) {
  useLoginDialogOnMount();
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

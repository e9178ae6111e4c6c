import { useEffect } from 'react';
import { gateStore, openLogin } from '../../lib/gate';
import './starmarket.css';

/** What a visitor sees on a STAR-market page that needs login: the dialog opens once, and a prompt stays. */
export function StarLoginWall({ what }: { what: string }) {
  useEffect(() => {
    if (gateStore.get() === null) openLogin();
  }, []);
  return (
    <div className="star-wall">
      <p>登录后查看{what}</p>
      <button type="button" className="btn btn-primary" onClick={() => openLogin()}>
        立即登录
      </button>
    </div>
  );
}

import { openLogin } from '../../lib/gate';

/**
 * What a visitor sees where a list's pagination or load-more would be
 * (closed-company list, medical block): a line and a button that opens the login dialog.
 */
export function LoginPromptBar({ text = '登录后查看更多数据' }: { text?: string }) {
  return (
    <div className="login-bar">
      <span>{text}</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => openLogin()}>
        立即登录
      </button>
    </div>
  );
}

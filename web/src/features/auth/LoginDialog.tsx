import { useEffect, useState, type FormEvent } from 'react';
import { closeGate, useGateDialog } from '../../lib/gate';
import { site } from '../../lib/site';
import { Dialog } from '../../ui/Dialog';
import { useSignIn } from './session';

type Mode = 'login' | 'register';

const TEXT: Record<Mode, { title: string; submit: string; switchAsk: string; switchTo: string }> = {
  login: { title: '登录', submit: '登录', switchAsk: '还没有账号？', switchTo: '免费注册' },
  register: { title: '注册账号', submit: '注册并登录', switchAsk: '已有账号？', switchTo: '去登录' },
};

/** The login / register dialog; opened by the gate (LOGIN_REQUIRED, `requireLogin`, the header button). */
export function LoginDialog() {
  const dialog = useGateDialog();
  const open = dialog?.kind === 'login';
  const [mode, setMode] = useState<Mode>('login');
  useEffect(() => {
    if (open) setMode('login');
  }, [open]);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && closeGate()}
      title={TEXT[mode].title}
      description={`登录${site.name}，查看完整数据`}
      size="sm"
    >
      {/* Mounted per opening and per mode, so fields and errors start empty. */}
      {open && <LoginForm key={mode} mode={mode} onSwitch={() => setMode(mode === 'login' ? 'register' : 'login')} notice={dialog.msg} />}
    </Dialog>
  );
}

function LoginForm({ mode, onSwitch, notice }: { mode: Mode; onSwitch: () => void; notice?: string }) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const signIn = useSignIn(mode, closeGate);
  const text = TEXT[mode];
  const error = localError ?? signIn.error?.message ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!account.trim()) return setLocalError('请输入手机号或邮箱');
    if (!password) return setLocalError('请输入密码');
    if (mode === 'register' && password.length < 8) return setLocalError('密码至少8位');
    setLocalError(null);
    signIn.mutate({ account: account.trim(), password });
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      {notice && <p className="login-notice">{notice}</p>}
      <label className="field">
        <span>账号</span>
        <input name="account" autoComplete="username" placeholder="手机号或邮箱" value={account} onChange={(e) => setAccount(e.target.value)} />
      </label>
      <label className="field">
        <span>密码</span>
        <input
          name="password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          placeholder={mode === 'login' ? '请输入密码' : '至少8位'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={signIn.isPending}>
        {signIn.isPending ? '请稍候…' : text.submit}
      </button>
      <p className="login-switch">
        {text.switchAsk}
        <button type="button" className="link-btn" onClick={onSwitch}>
          {text.switchTo}
        </button>
      </p>
    </form>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { DIGEST_NAME, DIGEST_SEND_HOUR } from '../../../../worker/src/digest/constants';
import { orderHref } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import { Dialog } from '../../ui/Dialog';
import './subscribe-dialog.css';

/** The subscribe popup's types (spec): 0 closed, 1 e-mail entry, 2 thank-you, 3 not a member. */
export const POPUP = { closed: 0, email: 1, thanks: 2, notMember: 3 } as const;
export type Popup = (typeof POPUP)[keyof typeof POPUP];

export interface SubscribeDialogProps {
  popup: Popup;
  onClose: () => void;
  /** Pre-filled address (the last one subscribed). */
  initialEmail: string;
  /** The address of the finished subscription, for the thank-you. */
  subscribedEmail: string | null;
  submitting: boolean;
  /** The worker's message for a refused address. */
  error: string | null;
  onSubmit: (email: string) => void;
}

/**
 * The subscription popups on the shared Dialog (focus trapped and returned, Esc, ×, and a click on
 * the backdrop close it). The address is checked by the worker only, as the spec's page does not
 * check it: its message shows under the field.
 */
export function SubscribeDialog({ popup, onClose, initialEmail, subscribedEmail, submitting, error, onSubmit }: SubscribeDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const fieldId = useId();
  const errorId = useId();
  useEffect(() => {
    if (popup === POPUP.email) setEmail(initialEmail);
  }, [popup, initialEmail]);
  const close = (open: boolean) => !open && onClose();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(email);
  };

  if (popup === POPUP.email) {
    return (
      <Dialog open onOpenChange={close} title="动态订阅" description={`订阅后，每个工作日上午${DIGEST_SEND_HOUR}:00 您会收到${DIGEST_NAME}。`} size="sm">
        <form className="subscribe-form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>接收日报的邮箱</label>
          <input
            id={fieldId}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="请输入您的邮箱地址"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} className="subscribe-error" role="alert">
              {error}
            </p>
          )}
          <div className="subscribe-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              取消
            </button>
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? '订阅中…' : '确定订阅'}
            </button>
          </div>
        </form>
      </Dialog>
    );
  }
  if (popup === POPUP.thanks) {
    return (
      <Dialog
        open
        onOpenChange={close}
        title="订阅成功，感谢您的订阅！"
        size="sm"
        footer={
          <button type="button" className="btn btn-primary" onClick={onClose}>
            知道了
          </button>
        }
      >
        <p className="subscribe-thanks">
          {DIGEST_NAME}将在每个工作日上午{DIGEST_SEND_HOUR}:00 发送到 <b>{subscribedEmail}</b>。如未收到，请检查垃圾邮件箱。
        </p>
      </Dialog>
    );
  }
  if (popup === POPUP.notMember) {
    return (
      <Dialog
        open
        onOpenChange={close}
        title="开通VIP会员"
        description="动态订阅仅对VIP会员开放，开通后即可每天收到医疗健康投融资日报。"
        size="sm"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              再想想
            </button>
            <AppLink href={orderHref('health-subscription')} className="btn btn-primary" onClick={onClose}>
              立即开通
            </AppLink>
          </>
        }
      />
    );
  }
  return null;
}

import type { ReactNode } from 'react';
import { AppLink } from './AppLink';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Called on confirm; the dialog closes unless it returns false. */
  onConfirm?: () => void | boolean;
  /** Makes the confirm button a link (e.g. '/order?from=health'). */
  confirmHref?: string;
  /** Disables the confirm button while the confirmed action runs. */
  busy?: boolean;
}

/** A yes/no question: the message, a primary confirm and a cancel that closes. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmText = '确定',
  cancelText = '取消',
  onConfirm,
  confirmHref,
  busy = false,
}: ConfirmDialogProps) {
  const confirm = () => {
    if (onConfirm?.() !== false) onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => onOpenChange(false)}>
            {cancelText}
          </button>
          {confirmHref ? (
            <AppLink href={confirmHref} className="btn btn-primary" onClick={confirm}>
              {confirmText}
            </AppLink>
          ) : (
            <button type="button" className="btn btn-primary" onClick={confirm} disabled={busy}>
              {busy ? '处理中…' : confirmText}
            </button>
          )}
        </>
      }
    />
  );
}

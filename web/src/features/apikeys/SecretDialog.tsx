import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import type { NewKey } from './queries/keys';

/** The full key, shown this once (after creating or rotating), with a copy button. */
export function SecretDialog({ secret, onClose }: { secret: (NewKey & { title: string }) | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title={secret?.title ?? ''}
      description="完整密钥只显示这一次，关闭后无法再查看，请立即复制并妥善保存。"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => void copy()}>
            {copied ? '已复制' : '复制密钥'}
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            我已保存
          </button>
        </>
      }
    >
      <code className="apikey-secret" data-testid="apikey-secret">
        {secret?.key}
      </code>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { KEY_NAME_MAX } from '../../../../worker/src/apikeys/constants';
import { createKey, type NewKey } from './queries/keys';

/** Names a new key and chooses whether it may spend coins; hands the created key (shown once) back. */
export function CreateKeyDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (key: NewKey) => void }) {
  const [name, setName] = useState('');
  const [spend, setSpend] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const made = await createKey(name, spend ? 'spend' : '');
      setName('');
      setSpend(false);
      onCreated(made);
    } catch (err) {
      setError(isApiError(err) ? err.message : '创建失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="创建 API 密钥"
      description="密钥以你的身份与会员等级调用接口，按密钥计量额度。"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => onOpenChange(false)}>
            取消
          </button>
          <button type="submit" form="apikey-create" className="btn btn-primary" disabled={busy}>
            {busy ? '创建中…' : '创建'}
          </button>
        </>
      }
    >
      <form id="apikey-create" className="apikey-form" onSubmit={(e) => void submit(e)}>
        <label>
          名称
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={KEY_NAME_MAX} placeholder="如：行情同步脚本" required />
        </label>
        <label className="apikey-check">
          <input type="checkbox" checked={spend} onChange={(e) => setSpend(e.target.checked)} />
          允许消费桔子币（上香、导出等会扣币的接口）
        </label>
        {error && (
          <p className="apikey-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

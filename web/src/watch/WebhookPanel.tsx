import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '#shared/dates';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/toast';
import { addWebhook, deleteWebhook, enableWebhook, fieldErrorOf, gateUnlessFieldError, webhooksQueryOptions } from './queries';
import './webhook-panel.css';
import { FieldError } from './FieldError';

const STATUS_TEXT = { pending: '等待重试', delivered: '已送达', failed: '失败' } as const;

/**
 * A saved search's webhooks (VIP): add an HTTPS endpoint (its signing secret is shown once), the
 * endpoints with their state, and each one's recent deliveries (status, attempts, last error).
 */
export function WebhookPanel({ searchId, name }: { searchId: number; name: string }) {
  const hooks = useQuery(webhooksQueryOptions(searchId));
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions(searchId).queryKey });
  const add = useMutation({
    mutationFn: () => addWebhook(searchId, url),
    meta: { gate: 'off' },
    onSuccess: (d) => {
      setUrl('');
      setSecret(d.secret);
      void refresh();
    },
    onError: gateUnlessFieldError,
  });
  const remove = useMutation({
    mutationFn: (hookId: number) => deleteWebhook(searchId, hookId),
    onSuccess: () => {
      toast('已删除 Webhook', { tone: 'success' });
      void refresh();
    },
  });
  const enable = useMutation({
    mutationFn: (hookId: number) => enableWebhook(searchId, hookId),
    onSuccess: () => {
      toast('已重新启用 Webhook', { tone: 'success' });
      void refresh();
    },
  });
  const error = fieldErrorOf(add.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!add.isPending) add.mutate();
  };
  return (
    <div className="webhook-panel">
      <form className="webhook-form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId}>Webhook 地址</label>
        <input
          id={fieldId}
          type="url"
          placeholder="https://example.com/juzi-webhook"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={add.isPending}>
          {add.isPending ? '添加中…' : '添加'}
        </button>
        <FieldError id={errorId} message={error} />
      </form>
      <p className="webhook-note">新的匹配会以 JSON POST 到这个地址，按 Standard Webhooks 签名（webhook-id、webhook-timestamp、webhook-signature）；失败会按指数退避重试，连续失败后停用并发邮件通知。</p>
      {hooks.isPending ? (
        <p className="webhook-note">加载中…</p>
      ) : hooks.isError ? (
        <p className="webhook-note">
          加载失败，
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void hooks.refetch()}>
            重试
          </button>
        </p>
      ) : hooks.data.length === 0 ? (
        <p className="webhook-note">还没有 Webhook。</p>
      ) : (
        <ul className="webhook-list">
          {hooks.data.map((h) => (
            <li key={h.id}>
              <div className="webhook-head">
                <code>{h.url}</code>
                <span className={`webhook-state is-${h.status}`}>{h.status === 'active' ? '启用' : '已停用'}</span>
                {h.status === 'disabled' && (
                  <button type="button" className="btn btn-ghost btn-sm" disabled={enable.isPending} onClick={() => enable.mutate(h.id)} aria-label={`重新启用 Webhook ${h.url}`}>
                    重新启用
                  </button>
                )}
                <button type="button" className="btn btn-ghost btn-sm" disabled={remove.isPending} onClick={() => remove.mutate(h.id)} aria-label={`删除 Webhook ${h.url}`}>
                  删除
                </button>
              </div>
              {h.status === 'disabled' && (
                <p className="webhook-note">
                  {h.disabled_at ? `${formatDateTime(h.disabled_at)} ` : ''}因连续{h.failures}次推送失败已停用；修复接收端后可重新启用（停用期间的新匹配不补发）。
                </p>
              )}
              {h.deliveries.length === 0 ? (
                <p className="webhook-note">暂无推送记录</p>
              ) : (
                <table className="webhook-log" aria-label={`${name} 的推送记录`}>
                  <thead>
                    <tr>
                      <th scope="col">内容</th>
                      <th scope="col">状态</th>
                      <th scope="col">尝试</th>
                      <th scope="col">最后的错误</th>
                      <th scope="col">时间</th>
                    </tr>
                  </thead>
                  <tbody>
                    {h.deliveries.map((d) => (
                      <tr key={d.id}>
                        <td>{d.title}</td>
                        <td className={`is-${d.status}`}>{STATUS_TEXT[d.status]}</td>
                        <td>{d.attempts}</td>
                        <td>{d.last_error || (d.last_status ? `HTTP ${d.last_status}` : '—')}</td>
                        <td>{formatDateTime(d.delivered_at ?? d.created_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={secret !== null}
        onOpenChange={(o) => !o && setSecret(null)}
        title="签名密钥"
        description="密钥只显示这一次，请立即保存，用它校验每个请求的 webhook-signature。"
        size="sm"
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setSecret(null)}>
            我已保存
          </button>
        }
      >
        <input className="webhook-secret" readOnly value={secret ?? ''} aria-label="签名密钥" onFocus={(e) => e.currentTarget.select()} />
      </Dialog>
    </div>
  );
}

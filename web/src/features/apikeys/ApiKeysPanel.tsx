import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { USAGE_EXPORT_KIND } from '../../../../worker/src/apikeys/constants';
import { isApiError } from '../../lib/api';
import { openExport } from '../exports/store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { toast } from '../../ui/toast';
import { formatDateTime } from '#shared/dates';
import { CreateKeyDialog } from './CreateKeyDialog';
import { keysQueryOptions, revokeKey, rotateKey, type KeyRow, type NewKey } from './queries/keys';
import { SecretDialog } from './SecretDialog';
import { UsageChart } from './UsageChart';
import './api-keys.css';

type Pending = { kind: 'rotate' | 'revoke'; key: KeyRow } | null;

/** /user-center/api: the user's keys (create, rotate, revoke; a new secret shown once) and the chosen key's usage. */
export function ApiKeysPanel({ selected, onSelect }: { selected?: number; onSelect: (id: number | undefined) => void }) {
  const { data } = useSuspenseQuery(keysQueryOptions());
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<(NewKey & { title: string }) | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['apikeys'] });
  const shown = data.info.find((k) => k.id === selected) ?? data.info.find((k) => !k.revoked_at) ?? data.info[0];

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'rotate') {
        const next = await rotateKey(pending.key.id);
        setSecret({ ...next, title: `“${pending.key.name}”的新密钥` });
      } else {
        await revokeKey(pending.key.id);
        toast(`已吊销“${pending.key.name}”`, { tone: 'success' });
      }
      setPending(null);
      await refresh();
    } catch (err) {
      toast(isApiError(err) ? err.message : '操作失败，请稍后重试', { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="apikeys" aria-labelledby="apikeys-title">
      <div className="apikeys-head">
        <h2 id="apikeys-title">API 密钥</h2>
        <div className="apikeys-head-actions">
          {data.info.length > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => openExport({ kind: USAGE_EXPORT_KIND, params: {}, from: 'apiKeys', title: '全部密钥近 30 天的用量' })}
            >
              导出全部用量
            </button>
          )}
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
            创建密钥
          </button>
        </div>
      </div>
      <p className="apikeys-limits">
        你的等级每个密钥每分钟 {data.limits.rate_per_minute} 次、每月免费 {data.limits.free_per_month.toLocaleString('zh-CN')} 次；超出后每 {data.limits.block_calls} 次 {data.limits.block_coins}{' '}
        个桔子币。调用时带请求头 <code>Authorization: Bearer juzi_live_…</code>，详见 <a href="/api/docs">接口文档</a>。
      </p>
      {data.info.length === 0 ? (
        <EmptyState text="还没有 API 密钥">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
            创建第一个密钥
          </button>
        </EmptyState>
      ) : (
        <div className="apikeys-wrap">
          <table className="apikeys-table">
            <thead>
              <tr>
                <th scope="col">名称</th>
                <th scope="col">密钥</th>
                <th scope="col" className="apikeys-minor">创建时间</th>
                <th scope="col">最近使用</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {data.info.map((k) => (
                <tr key={k.id} aria-selected={shown?.id === k.id} className={k.revoked_at ? 'apikeys-revoked' : undefined}>
                  <td>
                    {k.name}
                    {k.scope === 'spend' && <span className="apikeys-tag">可消费</span>}
                  </td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td className="apikeys-minor">{formatDateTime(k.created_at)}</td>
                  <td>{k.revoked_at ? `已吊销 ${formatDateTime(k.revoked_at)}` : k.last_used_at ? formatDateTime(k.last_used_at) : '未使用'}</td>
                  <td className="apikeys-actions">
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => onSelect(k.id)} aria-pressed={shown?.id === k.id}>
                      用量
                    </button>
                    {!k.revoked_at && (
                      <>
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPending({ kind: 'rotate', key: k })}>
                          轮换
                        </button>
                        <button type="button" className="btn btn-ghost btn-sm apikeys-danger" onClick={() => setPending({ kind: 'revoke', key: k })}>
                          吊销
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown && <UsageChart apiKey={shown} />}
      <CreateKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(made) => {
          setCreating(false);
          setSecret({ ...made, title: '密钥已创建' });
          onSelect(made.id);
          void refresh();
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'rotate' ? '轮换密钥' : '吊销密钥'}
        message={
          pending?.kind === 'rotate'
            ? `“${pending.key.name}”将换成新的密钥，旧密钥立即停用（其他节点最迟 60 秒）。用量记录保留。`
            : `“${pending?.key.name ?? ''}”将立即停用（其他节点最迟 60 秒），且不能恢复。`
        }
        confirmText={pending?.kind === 'rotate' ? '轮换' : '吊销'}
        busy={busy}
        onConfirm={() => {
          void confirm();
          return false;
        }}
      />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { entityTitle } from '../features/entity/entityTitle';
import { PRICE_TEXT } from '../../../worker/src/apikeys/constants';
import { apiFetch } from '../lib/api';
import { site } from '../lib/site';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { AppLink } from '../ui/AppLink';
import { EmptyState } from '../ui/EmptyState';
import { Loading } from '../ui/Loading';
import '../features/entity/entity-page.css';
import '../features/entity/entity-section.css';
import '../features/entity/info-api.css';

export const Route = createFileRoute('/info_api')({
  component: InfoApiPage,
});

const LEVEL_TEXT: Record<string, string> = { public: '公开', login: '需登录', vip: 'VIP', svip: '超级VIP' };

interface Operation {
  method: string;
  path: string;
  summary: string;
  access: string;
  area: string;
}

interface Tag {
  name: string;
  description: string;
}

/** The operations of the live OpenAPI document grouped by its tags (the API's areas), so this page lists exactly what the API serves. */
async function operations(): Promise<{ tags: Tag[]; ops: Operation[] }> {
  const doc = (await (await apiFetch('/api/openapi.json')).json()) as {
    tags?: Tag[];
    paths: Record<string, Record<string, { summary?: string; tags?: string[]; 'x-access'?: string }>>;
  };
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, summary: op.summary ?? '', access: op['x-access'] ?? 'public', area: op.tags?.[0] ?? '' })),
  );
  return { tags: doc.tags ?? [], ops };
}

/** /info_api: the data API (footer link): what it offers, how to call it, and the reference at /api/docs. */
function InfoApiPage() {
  useDocumentTitle(entityTitle('数据API'));
  const ops = useQuery({ queryKey: ['docs', 'operations'], queryFn: operations, staleTime: 5 * 60_000 });
  const groups = new Map<string, Operation[]>((ops.data?.tags ?? []).map((t) => [t.name, []]));
  for (const op of ops.data?.ops ?? []) groups.set(op.area, [...(groups.get(op.area) ?? []), op]);
  const described = new Map((ops.data?.tags ?? []).map((t) => [t.name, t.description]));
  return (
    <div className="container entity-page">
      <header className="entity-section info-api-hero">
        <h1 className="entity-page-title">{site.name}数据API</h1>
        <p className="entity-page-lead">
          平台上的公司、投资机构、融资事件、死亡公司、科创板与医疗健康数据，都可以通过 HTTP 接口获取，与网站使用同一套数据与权限。
        </p>
        <p className="info-api-actions">
          <a href="/api/docs" className="btn btn-primary">
            查看接口文档
          </a>
          <a href="/api/openapi.json" className="btn btn-ghost">
            下载 OpenAPI 描述
          </a>
        </p>
      </header>
      <section className="entity-section" aria-label="如何调用">
        <h2>如何调用</h2>
        <ol className="info-api-steps">
          <li>
            在 <AppLink href="/user-center/api">个人中心 · API 密钥</AppLink> 创建密钥（<code>juzi_live_…</code>，只显示一次）。
          </li>
          <li>
            请求带上 <code>Authorization: Bearer juzi_live_…</code>（或 <code>X-API-Key</code> 请求头），以你的身份与会员等级调用；公开接口不带也可以调用。
          </li>
          <li>
            成功返回 <code>{'{ "status": "success", "data": … }'}</code>，列表为 <code>{'data: { info: [...], page: { total, page, per_page } }'}</code>。
          </li>
          <li>
            失败返回 <code>{'{ "status": "error", "code", "msg" }'}</code>，<code>msg</code> 是可直接展示的中文说明，如 LOGIN_REQUIRED（需要登录）、VIP_REQUIRED（需要会员）。
          </li>
          <li>导出与上香等付费操作请带 <code>Idempotency-Key</code> 请求头，重试时只扣一次桔子币。</li>
        </ol>
        <p className="entity-page-lead info-api-price" data-testid="api-price">
          价格：{PRICE_TEXT}余额不足时返回 402，<AppLink href="/mall">购买桔子币</AppLink>。
        </p>
        <p className="entity-page-lead">
          接口的访问级别与网站一致：游客可看各列表第 1 页，登录后可筛选、翻页，VIP 会员可用全部功能。
          <AppLink href="/mall">开通会员或购买桔子币</AppLink>
        </p>
      </section>
      <section className="entity-section" aria-label="接口一览">
        <h2>接口一览{ops.data ? `（${ops.data.ops.length}）` : ''}</h2>
        {ops.isPending ? (
          <Loading />
        ) : ops.isError ? (
          <EmptyState text="接口列表加载失败，请直接查看接口文档">
            <a href="/api/docs" className="btn btn-primary btn-sm">
              查看接口文档
            </a>
          </EmptyState>
        ) : (
          [...groups.entries()].filter(([, list]) => list.length > 0).map(([area, list]) => (
            <div key={area} className="info-api-group">
              <h3>{area}</h3>
              {described.get(area) && <p className="info-api-tag">{described.get(area)}</p>}
              <ul>
                {list.map((op) => (
                  <li key={`${op.method} ${op.path}`}>
                    <code className="info-api-method">{op.method}</code>
                    <code className="info-api-path">{op.path}</code>
                    <span className={`info-api-access is-${op.access}`}>{LEVEL_TEXT[op.access] ?? op.access}</span>
                    <span className="info-api-summary">{op.summary}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </section>
    </div>
  );
}

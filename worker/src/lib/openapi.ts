import type { Hono } from 'hono';
import { z } from 'zod';
import { POLICY } from '../auth/policy';
import type { AppEnv } from '../env';
import { ERROR_STATUS } from './errors';
import type { ValidationMeta } from './validate';

const toOpenApiPath = (p: string) => p.replace(/:(\w+)/g, '{$1}');

const errorSchema = {
  type: 'object',
  required: ['status', 'code', 'msg', 'requestId'],
  properties: {
    status: { const: 'error' },
    code: { enum: Object.keys(ERROR_STATUS) },
    msg: { type: 'string', description: '给用户看的中文提示' },
    requestId: { type: 'string' },
  },
};

/**
 * OpenAPI 3.1 built from the app's own routes: paths and methods from the router,
 * inputs from the zod schemas the validators use, access levels and summaries from the policy table.
 */
export function buildOpenApi(app: Hono<AppEnv>) {
  const ops = new Map<string, { method: string; path: string; validations: ValidationMeta[] }>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const op = ops.get(key) ?? { method: r.method, path: r.path, validations: [] };
    const meta = (r.handler as unknown as { validation?: ValidationMeta }).validation;
    if (meta) op.validations.push(meta);
    ops.set(key, op);
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, op] of ops) {
    const policy = POLICY[key];
    const parameters: unknown[] = [];
    let requestBody: unknown;
    for (const v of op.validations) {
      const json = z.toJSONSchema(v.schema, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      if (v.target === 'json' || v.target === 'form') {
        requestBody = { required: true, content: { [v.target === 'json' ? 'application/json' : 'application/x-www-form-urlencoded']: { schema: json } } };
      } else {
        for (const [name, schema] of Object.entries(json.properties ?? {})) {
          parameters.push({ name, in: v.target === 'param' ? 'path' : v.target, required: v.target === 'param' || (json.required ?? []).includes(name), schema });
        }
      }
    }
    const p = toOpenApiPath(op.path);
    paths[p] ??= {};
    paths[p][op.method.toLowerCase()] = {
      summary: policy?.summary ?? '',
      description: [policy ? `访问级别：${policy.level}` : '', policy?.note ?? ''].filter(Boolean).join('。'),
      'x-access': policy?.level,
      security: policy && policy.level !== 'public' ? [{ bearer: [] }] : [],
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses: {
        200: { description: '成功：{ status: "success", data }' },
        default: { description: '失败：错误信封', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: '创投数据平台 API', version: '1.0.0', description: '所有接口位于 /api 下；需要登录的接口使用 Authorization: Bearer <token>。' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: errorSchema },
    },
    paths,
  };
}

/** A self-contained reference page (no CDN: the product runs offline too). */
export function docsPage(): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>API 参考</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:1100px;margin:24px auto;padding:0 16px;color:#222}
h1{font-size:22px}.op{border:1px solid #e3e3e3;border-radius:6px;margin:10px 0;padding:10px 14px}
.m{display:inline-block;min-width:52px;font-weight:700;color:#fff;border-radius:4px;text-align:center;margin-right:8px;padding:1px 6px}
.GET{background:#2f80ed}.POST{background:#27ae60}.PUT,.PATCH{background:#f2994a}.DELETE{background:#eb5757}
code{background:#f5f5f5;padding:1px 4px}.lvl{float:right;color:#888}table{border-collapse:collapse;margin-top:6px}td,th{border:1px solid #eee;padding:3px 8px;font-size:13px;text-align:left}</style>
</head><body><h1>创投数据平台 API 参考</h1><p>机器可读文档：<a href="/api/openapi.json">/api/openapi.json</a>（OpenAPI 3.1）。错误统一为 <code>{ status: "error", code, msg, requestId }</code>。</p>
<div id="ops">加载中…</div>
<script>
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
  const esc=s=>String(s??'').replace(/[&<>]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;'}[c]));
  const out=[];
  for(const [p,methods] of Object.entries(doc.paths)) for(const [m,op] of Object.entries(methods)){
    const params=(op.parameters||[]).map(x=>'<tr><td>'+esc(x.name)+'</td><td>'+esc(x.in)+'</td><td>'+(x.required?'是':'否')+'</td><td>'+esc(x.schema&&(x.schema.type||''))+'</td></tr>').join('');
    const body=op.requestBody?'<pre>'+esc(JSON.stringify(Object.values(op.requestBody.content)[0].schema,null,1))+'</pre>':'';
    out.push('<div class="op"><span class="m '+m.toUpperCase()+'">'+m.toUpperCase()+'</span><code>'+esc(p)+'</code> '+esc(op.summary)+'<span class="lvl">'+esc(op['x-access'])+'</span>'+(params?'<table><tr><th>参数</th><th>位置</th><th>必填</th><th>类型</th></tr>'+params+'</table>':'')+body+'</div>');
  }
  document.getElementById('ops').innerHTML=out.join('');
});
</script></body></html>`;
}

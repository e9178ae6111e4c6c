import { describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { call } from '../helpers';

describe('API reference', () => {
  it('serves OpenAPI 3.1 with every policy route, its access level and the validators\' fields', async () => {
    const res = await call('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    for (const [key, entry] of Object.entries(policy())) {
      const [method, path] = key.split(' ');
      const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(op, key).toBeTruthy();
      expect(op['x-access']).toBe(entry.level);
      expect(op.summary).toBe(entry.summary);
    }
    const login = doc.paths['/api/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(['account', 'password']);
    const ledger = doc.paths['/api/user/ledger'].get;
    expect(ledger.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'per_page']);
  });

  it('serves a reference page', async () => {
    const res = await call('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.body).toContain('API 参考');
    expect(res.body).toContain('/api/openapi.json');
  });
});

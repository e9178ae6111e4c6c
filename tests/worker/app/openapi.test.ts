import { describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { api } from '../client';

/** What this test reads of the document (the route declares an object of unknown values: it is OpenAPI, not an envelope). */
interface Operation {
  'x-access': string;
  summary: string;
  requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
  parameters: { name: string }[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation | undefined> | undefined>;
}

describe('API reference', () => {
  it('serves OpenAPI 3.1 with every policy route, its access level and the validators\' fields', async () => {
    const res = await api()['openapi.json'].$get();
    expect(res.status).toBe(200);
    const doc = (await res.json()) as unknown as Document;
    expect(doc.openapi).toBe('3.1.0');
    for (const [key, entry] of Object.entries(policy())) {
      const [method, path] = key.split(' ');
      const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(op, key).toBeTruthy();
      expect(op?.['x-access']).toBe(entry.level);
      expect(op?.summary).toBe(entry.summary);
    }
    const login = doc.paths['/api/auth/login']!.post!;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(['account', 'password']);
    const ledger = doc.paths['/api/user/ledger']!.get!;
    expect(ledger.parameters.map((p) => p.name)).toEqual(['page', 'per_page']);
  });

  it('serves a reference page', async () => {
    const res = await api().docs.$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('API 参考');
    expect(html).toContain('/api/openapi.json');
  });
});

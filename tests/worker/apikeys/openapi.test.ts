import { describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { POST_READS, SPENDS } from '../../../worker/src/apikeys/policy';
import { OPERATION_TAGS } from '../../../worker/src/lib/openapi';
import { call } from '../helpers';

interface Operation {
  tags: string[];
  security?: Record<string, string[]>[];
  'x-api-key': 'read' | 'spend' | 'session';
  'x-access': string;
}
interface Document {
  info: { description: string };
  tags: { name: string; description: string }[];
  components: { securitySchemes: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
}

const documentOf = async () => (await call('/api/openapi.json')).body as Document;

describe('the OpenAPI document and API keys', () => {
  it('declares the key schemes; every operation a key may call accepts them, and says whether it spends', async () => {
    const doc = await documentOf();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const closure = doc.paths['/api/closure'].get;
    expect(closure['x-api-key']).toBe('read');
    expect(closure.security).toEqual([{}, { bearer: [] }, { apiKey: [] }, { apiKeyHeader: [] }]);
    expect(doc.paths['/api/starmarket/detail'].post['x-api-key']).toBe('read');
    expect(doc.paths['/api/closure/add_incense'].post['x-api-key']).toBe('spend');
    expect(doc.paths['/api/keys'].post['x-api-key']).toBe('session');
    expect(doc.paths['/api/keys'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/logout'].post['x-api-key']).toBe('session');
  });

  it('groups the operations by area under Chinese tags, each described; none left to a catch-all', async () => {
    const doc = await documentOf();
    expect(doc.tags.map((t) => t.name)).toEqual(OPERATION_TAGS.map((t) => t.name));
    for (const t of doc.tags) expect(t.description.length).toBeGreaterThan(4);
    const used = new Map<string, number>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const op of Object.values(ops)) {
        expect(op.tags, path).toHaveLength(1);
        const tag = OPERATION_TAGS.find((t) => t.name === op.tags[0])!;
        expect(tag.path.test(path), `${path} matched by ${tag.name}`).toBe(true);
        used.set(tag.name, (used.get(tag.name) ?? 0) + 1);
      }
    }
    expect(used.size).toBe(OPERATION_TAGS.length);
  });

  it('the description shows a curl and a Python example with a key, and the price', async () => {
    const { description } = (await documentOf()).info;
    expect(description).toMatch(/```bash\ncurl -H "Authorization: Bearer juzi_live_/);
    expect(description).toContain('```python');
    expect(description).toContain('headers={"Authorization": f"Bearer {API_KEY}"}');
    expect(description).toContain('超出后每 100 次 1 个桔子币');
  });

  it("names only routes that exist in the key policy's lists", () => {
    const routes = new Set(Object.keys(policy()));
    for (const r of [...POST_READS, ...SPENDS]) expect(routes.has(r), r).toBe(true);
  });
});

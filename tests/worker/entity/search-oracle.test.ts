/**
 * GET /api/search reads each kind's candidates and their names in one statement. Its answer equals
 * the straightforward reading: per kind, the first CANDIDATES rowids of the start-of-name pass and of
 * the anywhere pass, each name read by id, ranked (exact, start, shorter name, id), SEARCH_PER_KIND
 * kept; with more matches than a pass reads, names found by both passes, exact matches found only
 * inside a name, and again after names are added, renamed and deleted. A one-character keyword
 * with full candidate lists reads at most 3 rows per hit plus 100.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchKind } from '../../../worker/src/search/constants';
import { CANDIDATES, matcherOf } from '../../../worker/src/search/query';
import { makeUser } from '../helpers';
import { recordRequest, rowsReadBy } from '../query-recorder';
import { indexName, makeCompany, makeFirm, makePerson, taxonomy } from './fixtures';

const made: Record<SearchKind, number[]> = { company: [], investfirm: [], person: [] };
let token: string;

beforeAll(async () => {
  await taxonomy();
  // Signed in: a visitor's search is edge-cached, and the answers after the writes below must be fresh.
  token = (await makeUser({ role: 'vip' })).token;
  // More than two passes' worth of names with 穗 at the start and inside, of several lengths; 穗 itself
  // and 穗穗 (found by both passes); pinyin and initials shared across kinds; a name whose latin
  // letters equal a keyword only inside it (美团ABC: 'abc').
  const names = ['穗', '穗穗', '美团ABC', 'ABC', '石林', '思路'];
  for (let i = 0; i < 30; i++) names.push(`穗${'蓝天'.slice(0, 1 + (i % 2))}${i}`, `${i % 3 ? '大' : '小'}穗${i}号`);
  for (const n of names) made.company.push(await makeCompany(n));
  for (let i = 0; i < 26; i++) made.investfirm.push(await makeFirm(`${i % 2 ? '顺联' : '山岚'}资本${i}`));
  for (let i = 0; i < 26; i++) made.person.push(await makePerson(`${i % 2 ? '孙' : '宋'}${'丽林亮'[i % 3]}${i % 5 ? '' : '华'}`));
}, 120_000);

/** The straightforward reading of a keyword: separate index reads, names read by id, ranked here. */
async function oracle(q: string): Promise<Record<SearchKind, number[]>> {
  const m = matcherOf(q);
  const out = { company: [], investfirm: [], person: [] } as Record<SearchKind, number[]>;
  if (!m) return out;
  for (const kind of Object.keys(SEARCH_KINDS) as SearchKind[]) {
    const pass = new Map<number, number>();
    for (const [p, match] of [
      [2, m.anywhere(kind)],
      [1, m.start(kind)],
    ] as const) {
      const rows = await env.DB.prepare(`SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ? LIMIT ${CANDIDATES}`).bind(match).all<{ id: number }>();
      for (const r of rows.results) pass.set(r.id, Math.min(pass.get(r.id) ?? 9, p));
    }
    const named: { id: number; ref_id: number; kind: number; name: string; pinyin: string; initials: string; pass: number }[] = [];
    for (const [id, p] of pass) {
      const row = await env.DB.prepare('SELECT id, ref_id, kind, name, pinyin, initials FROM search_names WHERE id = ?')
        .bind(id)
        .first<{ id: number; ref_id: number; kind: number; name: string; pinyin: string; initials: string }>();
      if (row && row.kind === SEARCH_KINDS[kind]) named.push({ ...row, pass: p });
    }
    const rank = (r: (typeof named)[number]) => (m.exact(r) ? 0 : r.pass);
    out[kind] = named
      .sort((a, b) => rank(a) - rank(b) || a.name.length - b.name.length || a.ref_id - b.ref_id)
      .slice(0, SEARCH_PER_KIND)
      .map((r) => r.ref_id);
  }
  return out;
}

const get = (q: string) => recordRequest(`/api/search?q=${encodeURIComponent(q)}`, { headers: { Authorization: `Bearer ${token}` } });

const KEYWORDS = ['穗', '穗穗', '穗蓝', 'sui', 'suilan', 'sl', 's', 'abc', 'ABC', '美团', 'xiaosui', 'shunlian', '孙丽', 'sunli', 'sx', '·', '没有这个'];

async function expectSameAsOracle() {
  for (const q of KEYWORDS) {
    const r = await get(q);
    expect(r.status, q).toBe(200);
    const data = (r.body as { data: Record<SearchKind, { id: number }[]> }).data;
    const got = { company: data.company.map((x) => x.id), investfirm: data.investfirm.map((x) => x.id), person: data.person.map((x) => x.id) };
    expect(got, q).toEqual(await oracle(q));
  }
}

describe('search candidates and names in one statement', () => {
  it('answers what the straightforward reading gives, for every kind of keyword', async () => {
    await expectSameAsOracle();
    // The data fills both passes for 穗 and finds the exact name only inside another for abc.
    expect((await oracle('穗')).company[0]).toBe(made.company[0]);
    expect((await oracle('abc')).company.slice(0, 2).sort()).toEqual([made.company[2], made.company[3]].sort());
  });

  it('a one-character keyword with full candidate lists reads at most 3 rows per hit plus 100', async () => {
    const r = await get('穗');
    const data = (r.body as { data: Record<SearchKind, unknown[]> }).data;
    const hits = data.company.length + data.investfirm.length + data.person.length;
    const read = (await rowsReadBy(r.statements)).reduce((n, s) => n + s.rows, 0);
    expect(hits).toBe(SEARCH_PER_KIND);
    expect(read).toBeLessThanOrEqual(3 * hits + 100);
  });

  it('still answers the same after names are added, renamed and deleted', async () => {
    await makeCompany('穗子');
    await makeFirm('穗丰资本');
    await indexName('company', made.company[1], '穗');
    await indexName('person', made.person[3], '宋林');
    await env.DB.batch([
      env.DB.prepare('DELETE FROM companies WHERE id IN (?, ?)').bind(made.company[0], made.company[7]),
      env.DB.prepare('DELETE FROM invest_firms WHERE id = ?').bind(made.investfirm[1]),
    ]);
    await expectSameAsOracle();
  });
});

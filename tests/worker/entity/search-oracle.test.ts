/**
 * GET /api/search reads each group's matches in rank order off the index (exact, start of the name,
 * inside it; shorter name, then smaller id) and never the names' rows. Its answer equals the
 * straightforward reading: every name of the kind read from search_names, matched and ranked here
 * by its keys, SEARCH_PER_KIND kept; with many more matches than a group shows, names found at the
 * start and inside, exact matches found only inside a name (美团ABC: 'abc'), long keywords (prefix
 * queries), and again after names are added, renamed and deleted. Every search reads at most 3 rows
 * per result plus 100. The migration's SQL backfill of whole-key tokens equals what the worker writes.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchKind } from '../../../worker/src/search/constants';
import { compactName, latinKey, searchNameRow, searchText, syllablesOf } from '../../../worker/src/search/keys';
import { makeUser } from '../helpers';
import { recordRequest, rowsReadBy } from '../query-recorder';
import { indexName, makeCompany, makeFirm, makePerson, taxonomy } from './fixtures';

const made: Record<SearchKind, number[]> = { company: [], investfirm: [], person: [] };
let token: string;

beforeAll(async () => {
  await taxonomy();
  // Signed in (any caller: search answers are the same for everyone; `get` below drops the cached one).
  token = (await makeUser({ role: 'vip' })).token;
  // Many more names with 穗 at the start and inside than a group shows, of several lengths, ids not in
  // length order; 穗 itself and 穗穗 (found at the start and inside); pinyin and initials shared across
  // kinds; latin letters, digits and punctuation in names (美团ABC is exact for 'abc' only inside it).
  const names = ['穗穗', '美团ABC', 'ABC', '石林', '思路', '美团·点评', '58同城', 'JD京东'];
  for (let i = 0; i < 30; i++) names.push(`穗${'蓝天'.slice(0, 1 + (i % 2))}${i}`, `${i % 3 ? '大' : '小'}穗${i}号`);
  names.push('穗', '蓝穗');
  for (const n of names) made.company.push(await makeCompany(n));
  for (let i = 0; i < 26; i++) made.investfirm.push(await makeFirm(`${i % 2 ? '顺联' : '山岚'}资本${i}`));
  for (let i = 0; i < 26; i++) made.person.push(await makePerson(`${i % 2 ? '孙' : '宋'}${'丽林亮'[i % 3]}${i % 5 ? '' : '华'}`));
}, 120_000);

const HAN = /\p{Script=Han}/u;

/**
 * The straightforward reading of a keyword: every name of each kind, its class from its own keys
 * (0 exact: the name, pinyin, initials or latin letters equal the keyword; 1 a key of the name starts
 * with it; 2 a key from inside the name does; as searchText computes the keys), ranked by class,
 * length in characters, id.
 */
async function oracle(q: string): Promise<Record<SearchKind, number[]>> {
  const out = { company: [], investfirm: [], person: [] } as Record<SearchKind, number[]>;
  const lower = q.trim().toLowerCase();
  const chars = [...lower].filter((ch) => /[\p{L}\p{N}]/u.test(ch));
  if (!chars.length) return out;
  const han = chars.every((ch) => HAN.test(ch));
  const key = han ? chars.join('') : HAN.test(lower) ? syllablesOf(lower).full.join('') : latinKey(lower);
  if (!key) return out;
  const rows = await env.DB.prepare('SELECT kind, ref_id, name, pinyin, initials FROM search_names').all<{ kind: number; ref_id: number; name: string; pinyin: string; initials: string }>();
  for (const kind of Object.keys(SEARCH_KINDS) as SearchKind[]) {
    const ranked: { cls: number; len: number; id: number }[] = [];
    for (const r of rows.results.filter((x) => x.kind === SEARCH_KINDS[kind])) {
      const t = searchText(r.name);
      const exact = han ? compactName(r.name) === key : r.pinyin.replace(/ /g, '') === key || r.initials === key || latinKey(r.name) === key;
      const cls = exact ? 0 : t.head.some((k) => k.startsWith(key)) ? 1 : t.tail.some((k) => k.startsWith(key)) ? 2 : -1;
      if (cls >= 0) ranked.push({ cls, len: Math.min([...r.name].length, 255), id: r.ref_id });
    }
    out[kind] = ranked
      .sort((a, b) => a.cls - b.cls || a.len - b.len || a.id - b.id)
      .slice(0, SEARCH_PER_KIND)
      .map((r) => r.id);
  }
  return out;
}

/**
 * A search that reaches the index: its answer is the same for everyone and edge-cached for a minute
 * (its declared cache is shared by everyone), so the stored answer is dropped first (the key is the URL with
 * its parameters sorted), as a minute's wait would.
 */
async function get(q: string) {
  const url = new URL(`/api/search?q=${encodeURIComponent(q)}`, 'http://localhost');
  url.searchParams.sort();
  await (caches as unknown as { default: Cache }).default.delete(url.toString());
  return recordRequest(url.pathname + url.search, { headers: { Authorization: `Bearer ${token}` } });
}

const KEYWORDS = [
  '穗', '穗穗', '穗蓝', '蓝', 'sui', 'suilan', 'suilantian', 'xiaosuishi', 'sl', 's', 'abc', 'ABC', '美团', '点评', 'meituandianping', 'mtdp',
  '58', 'tongcheng', 'jd', 'jingdong', 'xiaosui', 'shunlian', '孙丽', 'sunli', 'sx', '穗lan', '·', '没有这个',
];

async function expectSameAsOracle() {
  for (const q of KEYWORDS) {
    const r = await get(q);
    expect(r.status, q).toBe(200);
    const data = (r.body as { data: Record<SearchKind, { id: number }[]> }).data;
    const got = { company: data.company.map((x) => x.id), investfirm: data.investfirm.map((x) => x.id), person: data.person.map((x) => x.id) };
    expect(got, q).toEqual(await oracle(q));
    const hits = got.company.length + got.investfirm.length + got.person.length;
    const read = (await rowsReadBy(r.statements)).reduce((n, s) => n + s.rows, 0);
    expect(read, q).toBeLessThanOrEqual(3 * hits + 100);
  }
}

describe('search in rank order off the index', () => {
  it('answers what the straightforward reading gives, for every kind of keyword, within the rows budget', async () => {
    await expectSameAsOracle();
    // Exact first even with the largest id; then shortest; a name whose latin letters equal the keyword only inside it is exact.
    const sui = await oracle('穗');
    expect(sui.company[0]).toBe(made.company.at(-2));
    expect((await oracle('abc')).company.slice(0, 2).sort()).toEqual([made.company[1], made.company[2]].sort());
    expect((await oracle('sui')).company).toHaveLength(SEARCH_PER_KIND);
  });

  it('reads at most one index row per result and the results, whatever the number of matches', async () => {
    const r = await get('穗');
    const data = (r.body as { data: Record<SearchKind, unknown[]> }).data;
    expect(data.company).toHaveLength(SEARCH_PER_KIND);
    const each = await rowsReadBy(r.statements);
    // Nine index reads of at most 5 rowids (LIMIT stops before a 5th step), and the shown companies' rows.
    expect(each[0].rows).toBeLessThanOrEqual(9 * (SEARCH_PER_KIND - 1));
    expect(each.reduce((n, s) => n + s.rows, 0)).toBeLessThanOrEqual(3 * SEARCH_PER_KIND + 100);
  });

  it('still answers the same after names are added, renamed and deleted', async () => {
    await makeCompany('穗子');
    await makeFirm('穗丰资本');
    await indexName('company', made.company[1], '穗');
    await indexName('company', made.company[0], '大大穗穗');
    await indexName('person', made.person[3], '宋林');
    await env.DB.batch([
      env.DB.prepare('DELETE FROM companies WHERE id IN (?, ?)').bind(made.company.at(-2), made.company[7]),
      env.DB.prepare('DELETE FROM invest_firms WHERE id = ?').bind(made.investfirm[1]),
    ]);
    await expectSameAsOracle();
  });

  it("the migration's backfill of whole-key tokens writes what searchNameRow writes", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes('search_rank_news_names'))!;
    const backfill = migration.queries.find((s) => s.includes("UPDATE `search_names` SET `head`"))!;
    expect(backfill).toBeDefined();
    const rows = (await env.DB.prepare('SELECT id, kind, ref_id, name, head FROM search_names').all<{ id: number; kind: number; ref_id: number; name: string; head: string }>()).results;
    // The rows as the worker wrote them before the migration: no whole-key tokens (digits 4-6).
    await env.DB.batch(rows.map((r) => env.DB.prepare('UPDATE search_names SET head = ? WHERE id = ?').bind(r.head.split(' ').filter((t) => !/^[456]/.test(t)).join(' '), r.id)));
    await env.DB.prepare(backfill).run();
    const kinds = Object.fromEntries(Object.entries(SEARCH_KINDS).map(([k, v]) => [v, k as SearchKind]));
    const after = (await env.DB.prepare('SELECT id, kind, ref_id, name, head FROM search_names').all<{ id: number; kind: number; ref_id: number; name: string; head: string }>()).results;
    expect(after.length).toBe(rows.length);
    for (const r of after) expect(new Set(r.head.split(' ')), r.name).toEqual(new Set(searchNameRow(kinds[r.kind], r.ref_id, r.name).head.split(' ')));
    await expectSameAsOracle();
  });
});

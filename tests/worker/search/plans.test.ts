/**
 * The search at 10x the demo data (98,000 companies, 15,000 firms, 170,000 people, names from the
 * seed's own name generators): every statement a search runs uses an index (no SCAN of a table),
 * and the rows D1 reads stay within a paged call's budget (3 per result plus 100), far below the
 * size of the tables, for short and long, Chinese, pinyin and initials keywords alike; in one D1
 * round trip.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '../../../scripts/seed/prng';
import { createSqlSink } from '../../../scripts/seed/sql';
import { brandName, firmName, personName } from '../../../scripts/seed/words';
import { searchNameRow } from '../../../worker/src/search/keys';
import { plans, recordRequest, roundTrips, rowsReadBy } from '../query-recorder';

/** The demo data set's counts (scale 1) times ten. */
const VOLUME = { company: 98_000, investfirm: 15_000, person: 170_000 } as const;
const TOTAL = VOLUME.company + VOLUME.investfirm + VOLUME.person;
/** Rows a search may read, as any paged call: 3 per result plus 100, whatever the volume. */
const budget = (hits: number) => 3 * hits + 100;

beforeAll(async () => {
  const rng = makeRng(7, 'search-plans');
  const sink = createSqlSink(500);
  const rows = [];
  for (let i = 1; i <= VOLUME.company; i++) rows.push(searchNameRow('company', i, i === 1 ? '美团' : brandName(rng, i % 3)));
  for (let i = 1; i <= VOLUME.investfirm; i++) rows.push(searchNameRow('investfirm', i, firmName(rng, false, 0)));
  for (let i = 1; i <= VOLUME.person; i++) rows.push(searchNameRow('person', i, personName(rng)));
  sink.insert('search_names', rows);
  for (let i = 0; i < sink.statements.length; i += 50) await env.DB.batch(sink.statements.slice(i, i + 50).map((s) => env.DB.prepare(s)));
  // The result's card fields come from the company row (the others' rows are not needed to measure the index).
  await env.DB.prepare("INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month) VALUES (1, '美团', '北京三快在线科技有限公司', '北京', '北京', 1, 101, 2010, 3)").run();
  const n = await env.DB.prepare('SELECT count(*) AS n FROM search_names').first<{ n: number }>();
  expect(n!.n).toBe(TOTAL);
}, 600_000);

/** The tables a search reads (aliases as the search's statements name them). */
const TABLES = ['search_names', 's', 'companies', 'c', 'invest_firms', 'persons', 'p', 'person_roles', 'r', 'closures', 'cl'];

const KEYWORDS = ['美团', '美', '科技', 'meituan', 'mt', 'm', 'z', 'zhang', 'zhangwei', 'keji', 'zb', '张伟', 'xyzqwv'];

describe('search at 10x data', () => {
  it('reads every table through an index, and a bounded number of rows for any keyword', async () => {
    const figures: string[] = [];
    const reads: [string, number, number][] = [];
    for (const q of KEYWORDS) {
      const { status, body, statements } = await recordRequest(`/api/search?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      // The three kinds' candidates and their names: one statement per kind, one batch.
      expect(roundTrips(statements), q).toBe(1);
      const steps = (await plans(statements)).flat();
      // A scan of a subquery's few candidate rowids is fine; a scan of a table is not.
      const scans = steps.filter((s) => {
        const m = /^SCAN (\w+)(.*)$/.exec(s.detail);
        return m !== null && TABLES.includes(m[1]) && !/USING (COVERING )?INDEX/.test(m[2]);
      });
      expect(scans, `${q}: ${JSON.stringify(scans)}`).toEqual([]);
      const each = await rowsReadBy(statements);
      const read = each.reduce((sum, s) => sum + s.rows, 0);
      figures.push(`${q}: ${read} (${each.map((s) => s.rows).join(' + ')})`);
      const d = (body as { data: Record<string, unknown[]> }).data;
      reads.push([q, read, d.company.length + d.investfirm.length + d.person.length]);
      if (q === '美团' || q === 'meituan' || q === 'mt') expect((body as { data: { company: { id: number }[] } }).data.company[0].id, q).toBe(1);
    }
    console.log(`search rows read at ${TOTAL} names:\n  ${figures.join('\n  ')}`);
    for (const [q, read, hits] of reads) expect(read, q).toBeLessThanOrEqual(budget(hits));
  });
});

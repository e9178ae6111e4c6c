/**
 * The news lists' day counts (entity/news.ts, closure/news.ts): years, months and days of `date`
 * (yyyymmdd) per list and key — every news item ('all'), a scope's, the closed-company news ('c')
 * by province, sector (a sub-sector's news also under its parent) and both, and a healthcare tag's
 * news (news_tags) with or without its scope. No total row: a list's total is the sum of its years.
 */
import { joined, lit, text, YMD_WIDTHS, type Expr, type KeptList, type KeptSource, type Row } from './shape.ts';

/** Years, months, days of a yyyymmdd date. */
const byDate = { order: (r: Row) => r.date, widths: YMD_WIDTHS, total: false } as const;

/**
 * The parent of a sector, or the sector itself when it has none: as an alternative next to the
 * sector it names the same kept row then, which counts once.
 */
const parentOr = (cat: Expr): Expr => `coalesce((SELECT nullif(x.\`parent_id\`, 0) FROM \`sectors\` x WHERE x.\`id\` = ${cat}), ${cat})`;

const dated = (name: string, table: string, keys: KeptSource['keys'], when?: KeptSource['when']): KeptSource => ({ name, table, when, keys, levels: byDate });

export const keptNewsDays: KeptList = {
  table: 'news_day_counts',
  columns: ['list', 'key', 'level', 'bucket'],
  zeros: 'keep',
  sources: [
    dated('news', 'news', () => [[lit('all'), lit('')]]),
    dated('scope', 'news', (r) => [[lit('scope'), r.scope]], (r) => `${r.scope} <> ''`),
    dated(
      'closure',
      'news',
      (r) => {
        const secs = [r.cat_id, parentOr(r.cat_id)];
        return [
          [lit('c'), lit('')],
          [lit('c_prov'), r.prov],
          [lit('c_sec'), secs.map(text)],
          [lit('c_prov_sec'), secs.map((s) => joined('|', r.prov, s))],
        ];
      },
      (r) => `${r.is_closure} = 1`,
    ),
    dated('tags', 'news_tags', (r) => [[lit('tag'), text(r.tag_id)]]),
    dated('tags_scope', 'news_tags', (r) => [[lit('scope_tag'), joined('|', r.scope, r.tag_id)]], (r) => `${r.scope} <> ''`),
  ],
};

/**
 * A healthcare tag's news (entity/news.ts tag lists): one row per pair of a news item and a tag of
 * its company, with the news' date and scope for the list's order and filter.
 */
export const keptNewsTags: KeptList = {
  table: 'news_tags',
  columns: ['news_id', 'tag_id'],
  zeros: 'delete',
  mirror: { values: ['date', 'scope'] },
  sources: [
    {
      name: 'tags',
      table: 'news',
      join: { table: 'medical_company_tags', key: ['com_id', 'tag_id'], self: ['id'], on: (r, j) => `${j.com_id} = ${r.com_id}` },
      keys: (r, j) => [[r.id, j.tag_id]],
      values: (r) => [r.date, r.scope],
    },
  ],
};

/**
 * The closed-company news by sector (closure/news.ts): one row per closed-company news item and its
 * sector, and another under the parent sector when there is one, with the date and province the
 * list orders and filters by.
 */
export const keptNewsClosureSecs: KeptList = {
  table: 'news_closure_secs',
  columns: ['news_id', 'sec'],
  zeros: 'delete',
  mirror: { values: ['date', 'prov'] },
  sources: [
    {
      name: 'secs',
      table: 'news',
      when: (r) => `${r.is_closure} = 1`,
      keys: (r) => [[r.id, [r.cat_id, parentOr(r.cat_id)]]],
      values: (r) => [r.date, r.prov],
    },
  ],
};

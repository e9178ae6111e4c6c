/**
 * The closed-company kept lists. closure_counts holds one total per (dim, key): the whole list and
 * every combination of its province / sector / round filters (closure/list.ts), a year's closures,
 * a reason's, a parent reason's distinct companies, a track's, an album's, the closed-company news,
 * the top-level comments of a target and the incense records of an item.
 */
import { dayIdRanges, ID_SPAN, joined, lit, text, type KeptList, type KeptPacking, type Row } from './shape.ts';

const all = (dim: string, key: string) => [lit(dim), key] as const;

export const keptClosureCounts: KeptList = {
  table: 'closure_counts',
  columns: ['dim', 'key'],
  zeros: 'keep',
  sources: [
    {
      name: 'closures',
      table: 'closures',
      keys: (r) => [
        all('all', lit('')),
        all('year', text(`${r.close_date} / 10000`)),
        all('prov', r.com_prov),
        all('cat', text(r.cat_id)),
        all('fund', text(r.fund_status_id)),
        all('prov_cat', joined('|', r.com_prov, text(r.cat_id))),
        all('prov_fund', joined('|', r.com_prov, text(r.fund_status_id))),
        all('cat_fund', joined('|', text(r.cat_id), text(r.fund_status_id))),
        all('prov_cat_fund', joined('|', r.com_prov, text(r.cat_id), text(r.fund_status_id))),
      ],
    },
    { name: 'types', table: 'closure_company_types', keys: (r) => [all('type', text(r.type_id))] },
    {
      name: 'parents',
      table: 'closure_company_types',
      keys: (r) => [all('ptype', text(r.p_id))],
      distinct: { same: ['com_id', 'p_id'], self: ['com_id', 'type_id'] },
    },
    { name: 'tracks', table: 'closure_company_tracks', keys: (r) => [all('track', text(r.tag_id))] },
    { name: 'albums', table: 'closure_company_albums', keys: (r) => [all('album', text(r.album_id))] },
    { name: 'news', table: 'news', when: (r) => `${r.is_closure} = 1`, keys: () => [all('news', lit(''))] },
    { name: 'comments', table: 'comments', when: (r) => `${r.comment_type} = 1`, keys: (r) => [all('comments', joined(':', r.target_type, r.target_id))] },
    { name: 'incense', table: 'incense_records', keys: (r) => [all('incense', joined(':', r.type, r.item_id))] },
  ],
};

const anyProv = (r: Row) => [r.com_prov, lit('')];
const anyCat = (r: Row) => [r.cat_id, '0'];

/**
 * The burn rankings' totals (closure/rankings.ts): companies with a known amount raised or
 * valuation under every province / sector filter ('' and 0: any), valuations also per
 * horse/unicorn class; and the firms with a closed company.
 */
export const keptClosureRanks: KeptList = {
  table: 'closure_rank_counts',
  columns: ['measure', 'hu', 'prov', 'cat'],
  zeros: 'keep',
  sources: [
    { name: 'money', table: 'closures', when: (r) => `${r.total_money} > 0`, keys: (r) => [[lit('money'), '0', anyProv(r), anyCat(r)]] },
    { name: 'valuation', table: 'closures', when: (r) => `${r.valuation} > 0`, keys: (r) => [[lit('valuation'), '0', anyProv(r), anyCat(r)]] },
    {
      name: 'valuation_hu',
      table: 'closures',
      when: (r) => `${r.valuation} > 0 AND ${r.horse_unicorn} > 0`,
      keys: (r) => [[lit('valuation'), r.horse_unicorn, anyProv(r), anyCat(r)]],
    },
    { name: 'firms', table: 'closure_firm_stats', when: (r) => `${r.invst_id} > 0 AND ${r.com_count} > 0`, keys: () => [[lit('firms'), '0', lit(''), '0']] },
  ],
};

/** closure_name_close_chars' rowids, the default list order: close_date × CLOSE_KEY_SPAN + com_id. */
export const CLOSE_KEY_SPAN = ID_SPAN;

export const keptClosurePacking: KeptPacking = {
  name: 'closures',
  table: 'closures',
  packs: 'close_date × 10^7 + com_id',
  ranges: dayIdRanges('close_date', 'com_id'),
};

/** news_closure_names' rowids, the closed-company news order: date × ID_SPAN + id. */
export const keptNewsPacking: KeptPacking = { name: 'news', table: 'news', packs: 'date × 10^7 + id', ranges: dayIdRanges('date', 'id') };

/**
 * The companies of a parent closing reason by close date (closure/reasons list pages): one row per
 * (parent, close date, company), its count the company's reasons under that parent.
 */
export const keptReasonCompanies: KeptList = {
  table: 'closure_reason_companies',
  columns: ['p_id', 'close_date', 'com_id'],
  zeros: 'delete',
  sources: [{ name: 'types', table: 'closure_company_types', keys: (r) => [[r.p_id, r.close_date, r.com_id]] }],
};

/** A firm's three largest closed companies by amount raised, as the rankings show them (JSON). */
export const firmCases = (firm: string) =>
  `(SELECT json_group_array(json_object('com_id', x.\`com_id\`, 'com_name', x.\`com_name\`)) FROM (
      SELECT c.\`com_id\`, c.\`com_name\` FROM \`closures\` c WHERE c.\`com_id\` IN (
        SELECT j.\`com_id\` FROM \`closure_investors\` j WHERE j.\`invst_id\` = ${firm} ORDER BY j.\`total_money\` DESC, j.\`com_id\` DESC LIMIT 3)
      ORDER BY c.\`total_money\` DESC, c.\`com_id\` DESC) x)`;

/** Sets `cases` of the closure_firm_stats rows `where` picks from closure_investors. */
export const firmCasesSql = (where: string) =>
  `UPDATE \`closure_firm_stats\` SET \`cases\` = ${firmCases('`closure_firm_stats`.`invst_id`')} WHERE ${where}`;

/**
 * Each firm's closed companies (com_count; the firm rankings and closure_rank_counts' 'firms'
 * read it). Its `cases` column, a top-3 list rather than a count, stays with the hand-written
 * closure_firm_cases_* triggers.
 */
export const keptFirmStats: KeptList = {
  table: 'closure_firm_stats',
  columns: ['invst_id'],
  count: 'com_count',
  zeros: 'keep',
  others: { columns: ['cases'], triggers: ['closure_firm_cases_'], rebuild: [firmCasesSql('true')] },
  sources: [{ name: 'investors', table: 'closure_investors', keys: (r) => [[r.invst_id]] }],
};

/** Bucket widths of the money levels 1..7 (read/money.ts walks them): digit count, 1..4 significant digits, the amount with ids in blocks of 10^4, then 10^2. */
export const MONEY_WIDTHS = [1e15, 1e14, 1e13, 1e12, 1e11, 1e4, 1e2] as const;

/** read/money.ts sortKey with lower ids first: the amount's code (digits, then the amount padded to 8) × 10^7 + id. */
export const moneyKey = (money: string, id: string) =>
  `((CASE ${money} WHEN 0 THEN 0 ELSE length(${money}) * 100000000 + CAST(${money} || substr('0000000', 1, 8 - length(${money})) AS INTEGER) END) * ${ID_SPAN} + ${id})`;

/** Whether an amount and an id fit moneyKey's packing (an integer amount below 10^8, an id below ID_SPAN). */
export const moneyPackable = (money: string, id: string) => `typeof(${money}) = 'integer' AND ${money} BETWEEN 0 AND 99999999 AND ${id} BETWEEN 0 AND ${ID_SPAN - 1}`;

/**
 * A firm's closed companies by amount raised ('c:<firm>' in entity_money_counts, read by
 * read/money.ts), levelled by the packed money key. An amount or id outside the packing is not
 * counted (the page falls back to an offset read).
 */
export const keptFirmMoney: KeptList = {
  table: 'entity_money_counts',
  columns: ['k', 'level', 'bucket'],
  zeros: 'delete',
  owns: "`k` GLOB 'c:*'",
  sources: [
    {
      name: 'firm_closures',
      table: 'closure_investors',
      when: (r) => moneyPackable(r.total_money, r.com_id),
      keys: (r) => [[`'c:' || ${r.invst_id}`]],
      levels: { order: (r) => moneyKey(r.total_money, r.com_id), widths: MONEY_WIDTHS },
    },
  ],
};

const byCompany = (r: Row, j: Row) => `${j.com_id} = ${r.com_id}`;

/**
 * The statistics of a track or album (closure/tracks.ts): its companies per operating status, and a
 * track's per closing reason. Each key comes from the company row or its reasons, so each source is
 * a link row paired with its company (closures) or with each of its reasons (closure_company_types);
 * those joined tables are on the import's bulk path, and their join triggers run row by row there.
 * A track's companies per parent reason ('ptype') count a company once however many of its reasons
 * share the parent: its link row is paired with the company's one closure_reason_companies row per
 * parent (found by the index closure_reason_companies_com_idx).
 */
export const keptItemStats: KeptList = {
  table: 'closure_item_stats',
  columns: ['kind', 'item_id', 'dim', 'key'],
  zeros: 'keep',
  sources: [
    {
      name: 'track_status',
      table: 'closure_company_tracks',
      join: { table: 'closures', key: ['com_id'], self: ['com_id', 'tag_id'], on: byCompany },
      keys: (r, j) => [[lit('track'), r.tag_id, lit('status'), j.operating_status]],
    },
    {
      name: 'album_status',
      table: 'closure_company_albums',
      join: { table: 'closures', key: ['com_id'], self: ['com_id', 'album_id'], on: byCompany },
      keys: (r, j) => [[lit('album'), r.album_id, lit('status'), j.operating_status]],
    },
    {
      name: 'track_type',
      table: 'closure_company_tracks',
      join: { table: 'closure_company_types', key: ['com_id', 'type_id'], self: ['com_id', 'tag_id'], on: byCompany },
      keys: (r, j) => [[lit('track'), r.tag_id, lit('type'), text(j.type_id)]],
    },
    {
      name: 'track_parent',
      table: 'closure_company_tracks',
      join: { table: 'closure_reason_companies', key: ['p_id', 'close_date', 'com_id'], self: ['com_id', 'tag_id'], on: byCompany },
      keys: (r, j) => [[lit('track'), r.tag_id, lit('ptype'), text(j.p_id)]],
    },
  ],
};

/**
 * Entity kept lists: the policies list's year / month / day counts under every region and scope
 * filter ('' : any; no total row, the total is the sum of the years), each firm's investment
 * events, and the atlas: each tag's companies with their total funding (a mirror of
 * medical_company_tags joined with companies) and per tag their number and funding summed.
 */
import { lit, type KeptList } from './shape.ts';

/** read/levels.ts YMD_WIDTHS: yyyymmdd as years, months, days. */
const YMD_WIDTHS = [10_000, 100, 1] as const;

export const keptPolicyDays: KeptList = {
  table: 'policy_day_counts',
  columns: ['region', 'scope', 'level', 'bucket'],
  zeros: 'keep',
  sources: [
    {
      name: 'policies',
      table: 'policies',
      keys: (r) => [[[lit(''), r.region], [lit(''), r.scope]]],
      levels: { order: (r) => r.put_time, widths: YMD_WIDTHS, total: false },
    },
  ],
};

export const keptFirmEvents: KeptList = {
  table: 'firm_event_counts',
  columns: ['invst_id'],
  zeros: 'keep',
  sources: [{ name: 'investors', table: 'invest_event_investors', when: (r) => `${r.invst_id} > 0`, keys: (r) => [[r.invst_id]] }],
};

/** A tag's companies that exist, with their funding: one row per (medical_company_tags, companies) pair. */
export const keptAtlasTagCompanies: KeptList = {
  table: 'atlas_tag_companies',
  columns: ['com_id', 'tag_id'],
  zeros: 'delete',
  mirror: { values: ['total_money'] },
  sources: [
    {
      name: 'tags',
      table: 'medical_company_tags',
      join: { table: 'companies', key: ['id'], on: (r, j) => `${j.id} = ${r.com_id}` },
      keys: (r) => [[r.com_id, r.tag_id]],
      values: (_, j) => [j.total_money],
    },
  ],
};

/** Per atlas tag: its companies and their funding summed (from the kept atlas_tag_companies). */
export const keptAtlasTagStats: KeptList = {
  table: 'atlas_tag_stats',
  columns: ['tag_id'],
  zeros: 'delete',
  sums: ['money'],
  sources: [{ name: 'companies', table: 'atlas_tag_companies', keys: (r) => [[r.tag_id]], sums: { money: (r) => r.total_money } }],
};

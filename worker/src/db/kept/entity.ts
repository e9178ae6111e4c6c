/**
 * Entity kept lists: the policies list's year / month / day counts under every region and scope
 * filter ('' : any; no total row, the total is the sum of the years), each firm's investment
 * events, the atlas (each tag's companies with their total funding, a mirror of
 * medical_company_tags joined with companies; per tag their number and funding summed; each tag's
 * companies by funding), and the financing events: each event under each atlas tag of its company,
 * and the event, tag and firm lists by year / month / day.
 */
import { MONEY_WIDTHS, moneyKey, moneyPackable } from './closure.ts';
import { ID_SPAN, lit, YMD_WIDTHS, type KeptList, type Row } from './shape.ts';


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

/** Each financing event under every atlas tag of its company, with the event's scope and date. */
export const keptEventTags: KeptList = {
  table: 'invest_event_tags',
  columns: ['event_id', 'tag_id'],
  zeros: 'delete',
  mirror: { values: ['scope', 'date'] },
  sources: [
    {
      name: 'events',
      table: 'invest_events',
      join: { table: 'medical_company_tags', key: ['com_id', 'tag_id'], on: (r, j) => `${j.com_id} = ${r.com_id}` },
      keys: (r, j) => [[r.id, j.tag_id]],
      values: (r) => [r.scope, r.date],
    },
  ],
};

/**
 * A firm's investor rows with their event's date and scope (one row per invest_event_investors row
 * with a firm, under its id: a firm twice in one event is two rows), so a firm's events read their
 * page off the index (invst_id, date, event_id).
 */
export const keptEventFirms: KeptList = {
  table: 'invest_event_firms',
  columns: ['id'],
  zeros: 'delete',
  mirror: { values: ['invst_id', 'event_id', 'scope', 'date'] },
  sources: [
    {
      name: 'investors',
      table: 'invest_event_investors',
      join: { table: 'invest_events', key: ['id'], self: ['id'], on: (r, j) => `${j.id} = ${r.event_id}` },
      when: (r) => `${r.invst_id} > 0`,
      keys: (r) => [[r.id]],
      values: (r, j) => [r.invst_id, j.id, j.scope, j.date],
    },
  ],
};

/** By yyyymmdd: the total, years, months and days. */
const byDate = { order: (r: Row) => r.date, widths: YMD_WIDTHS };

/**
 * The financing-event lists in list_day_counts (worker/src/db/entity-kept.ts names the keys):
 * every event 'all' and by scope 's:', by atlas tag 't:' and scope and tag 'st:' (invest_event_tags),
 * a firm's investor rows 'f:' (invest_event_firms), levelled by date, and by scope 'fs:' (the total only).
 */
export const keptEventDays: KeptList = {
  table: 'list_day_counts',
  columns: ['k', 'level', 'bucket'],
  zeros: 'delete',
  owns: "`k` = 'all' OR `k` GLOB 's:*' OR `k` GLOB 't:*' OR `k` GLOB 'st:*' OR `k` GLOB 'f:*' OR `k` GLOB 'fs:*'",
  sources: [
    { name: 'events', table: 'invest_events', keys: (r) => [[lit('all')], [`'s:' || ${r.scope}`]], levels: byDate },
    { name: 'tags', table: 'invest_event_tags', keys: (r) => [[`'t:' || ${r.tag_id}`], [`'st:' || ${r.scope} || ':' || ${r.tag_id}`]], levels: byDate },
    { name: 'firms', table: 'invest_event_firms', keys: (r) => [[`'f:' || ${r.invst_id}`]], levels: byDate },
    { name: 'firm_scopes', table: 'invest_event_firms', keys: (r) => [[`'fs:' || ${r.invst_id} || ':' || ${r.scope}`, '0', '0']] },
  ],
};

/**
 * An atlas tag's companies by funding ('t:<tag>' in entity_money_counts, read by read/money.ts),
 * levelled by the packed money key with the lower company id first among equal amounts. An amount
 * or id outside the packing is not counted (the page falls back to an offset read).
 */
export const keptTagMoney: KeptList = {
  table: 'entity_money_counts',
  columns: ['k', 'level', 'bucket'],
  zeros: 'delete',
  owns: "`k` GLOB 't:*'",
  sources: [
    {
      name: 'tag_companies',
      table: 'atlas_tag_companies',
      when: (r) => moneyPackable(r.total_money, r.com_id),
      keys: (r) => [[`'t:' || ${r.tag_id}`]],
      levels: { order: (r) => moneyKey(r.total_money, `${ID_SPAN - 1} - ${r.com_id}`), widths: MONEY_WIDTHS },
    },
  ],
};

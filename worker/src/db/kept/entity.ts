/**
 * Entity kept lists: the policies list's year / month / day counts under every region and scope
 * filter ('' : any; no total row, the total is the sum of the years), and each firm's investment
 * events.
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

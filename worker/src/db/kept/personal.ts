/**
 * A user's own lists in list_day_counts (the keys starting with 'u'; the event, firm and tag keys of
 * the same table are declared in entity.ts): coin ledger 'ul:<user>', orders
 * 'uo:', download records 'ud:', follows 'uf:<user>:<type>', comments 'uc:', incense records 'ui:'
 * and the incense a user burned in total 'uis:' (a sum of amounts). Each is levelled by day
 * (db/kept/read/levels.ts DAY_WIDTHS: 512-day blocks, 16-day blocks, days) of its created_at.
 */
import { DAY_MS } from '#shared/dates';
import { DAY_WIDTHS, type KeptList, type KeptSource, type Row } from './shape.ts';

const byDay = { order: (r: Row) => `${r.created_at} / ${DAY_MS}`, widths: DAY_WIDTHS };

const own = (name: string, table: string, prefix: string): KeptSource => ({
  name,
  table,
  keys: (r) => [[`'${prefix}:' || ${r.user_id}`]],
  levels: byDay,
});

export const keptPersonalDays: KeptList = {
  table: 'list_day_counts',
  columns: ['k', 'level', 'bucket'],
  zeros: 'delete',
  owns: "`k` GLOB 'u*'",
  sources: [
    own('ledger', 'coin_ledger', 'ul'),
    own('orders', 'orders', 'uo'),
    own('downloads', 'download_records', 'ud'),
    { name: 'follows', table: 'follows', keys: (r) => [[`'uf:' || ${r.user_id} || ':' || ${r.type}`]], levels: byDay },
    own('comments', 'comments', 'uc'),
    own('incense', 'incense_records', 'ui'),
    { name: 'incense_sum', table: 'incense_records', keys: (r) => [[`'uis:' || ${r.user_id}`, '0', '0']], weight: (r) => r.amount },
  ],
};

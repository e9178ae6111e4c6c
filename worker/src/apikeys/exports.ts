/**
 * The usage export of /user-center/api: the signed-in user's own keys' calls per day and endpoint,
 * with the coins the key's paid blocks cost that day. Registered with the export pipeline in
 * exports/kinds.ts; free, as it is the user's own data.
 */
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { apiKeys, apiUsageDays as u, coinLedger as l } from '../db';
import type { Db } from '../env';
import { slice } from '../exports/schemas';
import type { ExportColumn, ExportKind, ExportWho } from '../exports/types';
import { ApiError } from '../lib/errors';
import { MAX_ID, optInt } from '../lib/params';
import { BJ_OFFSET_MS, DAY_MS, ymd } from '#shared/dates';
import { USAGE_DAYS, USAGE_EXPORT_KIND } from './constants';
import { flushUsageLogged } from './meter';

/** The longest look-back an export may ask for. */
export const USAGE_EXPORT_MAX_DAYS = 366;

const COLUMNS: ExportColumn[] = [
  { key: 'day', header: '日期', width: 12, type: 'date' },
  { key: 'key_name', header: '密钥名称', width: 20, type: 'text' },
  { key: 'endpoint', header: '接口', width: 40, type: 'text' },
  { key: 'calls', header: '调用次数', width: 12, type: 'number' },
  { key: 'coins', header: '该密钥当日花费桔子币', width: 20, type: 'number' },
];

const params = z.object({
  key_id: optInt('密钥编号', 1, MAX_ID),
  days: optInt('天数', 1, USAGE_EXPORT_MAX_DAYS),
  ...slice,
});
type UsageParams = z.infer<typeof params>;

/** The key's name if the user owns it (revoked keys included: their usage stays theirs). */
async function ownKeyName(db: Db, who: ExportWho, keyId: number): Promise<string> {
  const row = await db
    .select({ name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, who.userId)))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', '没有这个 API 密钥，只能导出自己的密钥的用量', { field: 'key_id' });
  return row.name;
}

const days = (p: UsageParams) => p.days ?? USAGE_DAYS;

// Midnight (Asia/Shanghai) of the row's yyyymmdd day as epoch ms, so the ledger is read by its
// (user_id, created_at) index; the constants are written into the statement so SQLite does integer arithmetic.
const dayStart = sql`(CAST(strftime('%s', printf('%04d-%02d-%02d', ${u.day} / 10000, ${u.day} / 100 % 100, ${u.day} % 100)) AS INTEGER) * 1000 - ${sql.raw(String(BJ_OFFSET_MS))})`;
// Paid blocks are debited with ref (api_key, key id); a refund of a block counts back.
const coinsThatDay = sql`(SELECT COALESCE(-SUM(${l.delta}), 0) FROM ${l} WHERE ${l.userId} = ${apiKeys.userId}
  AND ${l.createdAt} >= ${dayStart} AND ${l.createdAt} < ${dayStart} + ${sql.raw(String(DAY_MS))}
  AND ${l.refType} = 'api_key' AND ${l.refId} = CAST(${u.keyId} AS TEXT))`;

export const apiUsageExport: ExportKind<UsageParams> = {
  name: USAGE_EXPORT_KIND,
  level: 'login',
  params,
  columns: COLUMNS,
  unit: '条用量记录',
  free: '导出自己的 API 用量免费，不扣桔子币',
  title: async (db, p, who) => `API用量-${p.key_id ? await ownKeyName(db, who, p.key_id) : '全部密钥'}-近${days(p)}天`,
  query: async (p, db, who) => {
    const where: SQL[] = [eq(apiKeys.userId, who.userId), gte(u.day, ymd(Date.now() - (days(p) - 1) * DAY_MS))];
    if (p.key_id) {
      await ownKeyName(db, who, p.key_id);
      where.push(eq(u.keyId, p.key_id));
    }
    // This isolate's counted calls first, so the export holds the calls just made; a failed write
    // keeps them for the next flush and the export still goes ahead.
    await flushUsageLogged(db);
    return {
      from: sql`${u} JOIN ${apiKeys} ON ${apiKeys.id} = ${u.keyId}`,
      where,
      // (day, key, endpoint) is the table's primary key: newest day first.
      key: [sql`${u.day}`, sql`${u.keyId}`, sql`${u.endpoint}`],
      dir: 'DESC',
      select: sql`${u.day} AS day, ${apiKeys.name} AS key_name, ${u.endpoint} AS endpoint, ${u.calls} AS calls, ${coinsThatDay} AS coins`,
    };
  },
};

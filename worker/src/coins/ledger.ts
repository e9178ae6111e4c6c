/**
 * What each row of a user's coin ledger paid for or came from: its object's name and the SPA page
 * that shows it. A page of rows is resolved with one statement per kind of object present (closed
 * companies, closing reasons, export jobs, download records, orders), all in one batch: a few rows
 * per page, however many rows name the same kind.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { apiKeys, closures, closureTypes, downloadRecords, exportJobs, orders } from '../db';
import type { Db } from '../env';
import { planById } from '../order/plans';
import { BLOCK_CALLS } from '../apikeys/constants';

/** The download centre's export list (spec route table: /user-center/download#company_down). */
export const DOWNLOAD_CENTRE = '/user-center/download#company_down';
/** The user's orders. */
export const ORDER_LIST = '/user-center/orders';
/** The user's API keys and their usage. */
export const API_KEYS_PAGE = '/user-center/api';

export interface LedgerRef {
  reason: string;
  refType: string;
  refId: string;
}

export interface LedgerObject {
  /** What the row names: a company, a closing reason, an export's file, an order; '' when nothing. */
  name: string;
  /** Same-origin SPA path of that object, or null. */
  link: string | null;
}

const NONE: LedgerObject = { name: '', link: null };

/** The Chinese reason of a ledger row. */
export function reasonText(r: LedgerRef): string {
  switch (r.reason) {
    case 'recharge':
      return '充值';
    case 'incense':
      return r.refType === 'closure_type' ? '上香（关闭原因）' : '上香（公司）';
    case 'export':
      // A block of developer-API calls is data delivered by the API (apikeys/meter.ts).
      return r.refType === 'api_key' ? `API 调用（${BLOCK_CALLS} 次）` : '导出数据';
    case 'refund':
      return r.refType === 'order' ? '订单退款' : '导出失败退款';
    default:
      return r.refType === 'signup' ? '注册赠送' : '赠送';
  }
}

const ids = (rows: LedgerRef[], refType: string) => [...new Set(rows.filter((r) => r.refType === refType).map((r) => Number(r.refId)).filter(Number.isSafeInteger))];

/** A file name, or the first of an export's files and how many there are. */
const filesText = (first: string, batches: number) => (batches > 1 ? `${first} 等 ${batches} 个文件` : first);

/**
 * The object of each row, keyed `refType:refId`. Exports and orders are looked up among the user's
 * own rows only. A row whose object is gone keeps its reason and gets no name or link.
 */
export async function ledgerObjects(db: Db, userId: number, rows: LedgerRef[]): Promise<Map<string, LedgerObject>> {
  const out = new Map<string, LedgerObject>();
  const companyIds = ids(rows, 'closure');
  const reasonIds = ids(rows, 'closure_type');
  const recordIds = ids(rows, 'download_record');
  const orderIds = ids(rows, 'order');
  const keyIds = ids(rows, 'api_key');
  const exportKeys = [...new Set(rows.filter((r) => r.refType === 'export').map((r) => r.refId))];
  // The empty lists still run (an IN () matches nothing and reads nothing): one batch, one round trip.
  const [companies, reasons, records, jobs, userOrders, keys] = await db.batch([
    db.select({ id: closures.comId, name: closures.comName }).from(closures).where(inArray(closures.comId, companyIds)),
    db.select({ id: closureTypes.id, name: closureTypes.name, parentId: closureTypes.pId }).from(closureTypes).where(inArray(closureTypes.id, reasonIds)),
    db
      .select({ id: downloadRecords.id, filename: downloadRecords.filename })
      .from(downloadRecords)
      .where(and(eq(downloadRecords.userId, userId), inArray(downloadRecords.id, recordIds))),
    // Each job's first file: the record of its lowest batch, off download_records_job_idx.
    db
      .select({
        key: exportJobs.idempotencyKey,
        title: exportJobs.title,
        batches: exportJobs.batches,
        // A correlated subquery (drizzle's builder cannot nest one as a column); names written out in
        // full, since drizzle leaves the table off the columns of a one-table select.
        first: sql<string | null>`(SELECT d.filename FROM ${downloadRecords} d WHERE d.job_id = ${sql.identifier('export_jobs')}.${sql.identifier('id')} ORDER BY d.batch_no LIMIT 1)`,
      })
      .from(exportJobs)
      .where(and(eq(exportJobs.userId, userId), inArray(exportJobs.idempotencyKey, exportKeys))),
    db
      .select({ id: orders.id, product: orders.product })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.id, orderIds))),
    db
      .select({ id: apiKeys.id, name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), inArray(apiKeys.id, keyIds))),
  ]);
  for (const c of companies) out.set(`closure:${c.id}`, { name: c.name, link: `/company/${c.id}` });
  for (const t of reasons) {
    const where = t.parentId > 0 ? `parent_id=${t.parentId}&child_id=${t.id}` : `parent_id=${t.id}`;
    out.set(`closure_type:${t.id}`, { name: t.name, link: `/deathReason?${where}` });
  }
  for (const r of records) out.set(`download_record:${r.id}`, { name: r.filename, link: DOWNLOAD_CENTRE });
  for (const k of keys) out.set(`api_key:${k.id}`, { name: `API 密钥“${k.name}”`, link: `${API_KEYS_PAGE}?key=${k.id}` });
  for (const j of jobs) out.set(`export:${j.key}`, { name: j.first ? filesText(j.first, j.batches) : j.title, link: DOWNLOAD_CENTRE });
  // An order stores its plan's id; the row shows the plan's name, as the order list does.
  for (const o of userOrders) out.set(`order:${o.id}`, { name: `订单 ${o.id}（${planById(o.product)?.name ?? o.product}）`, link: ORDER_LIST });
  return out;
}

/** The object of one row, after ledgerObjects. */
export const objectOf = (objects: Map<string, LedgerObject>, r: LedgerRef): LedgerObject => objects.get(`${r.refType}:${r.refId}`) ?? NONE;

/** Builds one download record's xlsx: keyset reads from D1 -> streaming writer -> one sized R2 put. */
import { drizzleDb } from '../../worker/src/db';
import type { Env } from '../../worker/src/env';
import { readRows } from '../../worker/src/exports/keyset';
import { exportKind } from '../../worker/src/exports/kinds';
import { sheetName } from '../../worker/src/exports/plan';
import { r2KeyOf, renewLease, type RecordWithJob } from '../../worker/src/exports/records';
import type { ExportRow } from '../../worker/src/exports/types';
import { XLSX_TYPE } from '../../worker/src/exports/downloads';
import { within, type Limits } from './timeout';
import { writeXlsx } from './xlsx';

export interface BuiltFile {
  r2Key: string;
  size: number;
  rows: number;
}

/** The attempt no longer holds the record (a later attempt claimed it, or it is finished): stop, write nothing. */
export class Superseded extends Error {
  override name = 'Superseded';
  constructor(recordId: number, attempt: number) {
    super(`record ${recordId}: attempt ${attempt} was superseded`);
  }
}

export async function buildRecordFile(env: Env, record: RecordWithJob, attempt: number, limits: Limits): Promise<BuiltFile> {
  const kind = exportKind(record.kind);
  const params = kind.params.parse(JSON.parse(record.params));
  const db = drizzleDb(env.DB);
  const query = await within(limits, 'd1', 'export query', kind.query(params, db, { userId: record.user_id }));
  let written = 0;
  // Each renewal is also the attempt's ownership check: a lost lease stops it before it writes.
  const renew = async () => {
    if (!(await within(limits, 'd1', 'lease renewal', renewLease(db, record.id, attempt, written)))) throw new Superseded(record.id, attempt);
  };
  async function* rows(): AsyncGenerator<ExportRow[]> {
    const pages = readRows(db, query, record.offset, record.rows);
    for (;;) {
      // One step of the reader is one D1 read (the start cursor is read with the first page).
      const next = await within(limits, 'd1', 'row page', pages.next());
      if (next.done) return;
      yield next.value;
      written += next.value.length;
      await renew();
    }
  }
  const bytes = await writeXlsx(sheetName(record.title), kind.columns, rows());
  await renew();
  const r2Key = r2KeyOf(record.user_id, record.id);
  // Same key on every attempt: a rebuilt file, or a late write of a superseded attempt, replaces the
  // earlier one, never adds a second.
  await within(
    limits,
    'r2',
    'file put',
    env.FILES.put(r2Key, bytes, {
      httpMetadata: { contentType: XLSX_TYPE },
      customMetadata: { recordId: String(record.id), rows: String(written) },
    }),
  );
  return { r2Key, size: bytes.byteLength, rows: written };
}

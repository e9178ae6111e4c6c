/** Builds one download record's xlsx: keyset reads from D1 -> streaming writer -> one sized R2 put. */
import type { Env } from '../../worker/src/env';
import { readRows } from '../../worker/src/exports/keyset';
import { exportKind } from '../../worker/src/exports/kinds';
import { sheetName } from '../../worker/src/exports/plan';
import { markProgress, r2KeyOf, type RecordWithJob } from '../../worker/src/exports/records';
import type { ExportRow } from '../../worker/src/exports/types';
import { XLSX_TYPE } from '../../worker/src/exports/downloads';
import { writeXlsx } from './xlsx';

export interface BuiltFile {
  r2Key: string;
  size: number;
  rows: number;
}

export async function buildRecordFile(env: Env, record: RecordWithJob): Promise<BuiltFile> {
  const kind = exportKind(record.kind);
  const params = kind.params.parse(JSON.parse(record.params));
  const query = await kind.query(params, env.DB);
  let written = 0;
  async function* rows(): AsyncGenerator<ExportRow[]> {
    for await (const page of readRows(env.DB, query, record.offset, record.rows)) {
      yield page;
      written += page.length;
      await markProgress(env.DB, record.id, written);
    }
  }
  const bytes = await writeXlsx(sheetName(record.title), kind.columns, rows());
  const r2Key = r2KeyOf(record.user_id, record.id);
  // Same key on every attempt: a rebuilt file replaces the earlier one, never adds a second.
  await env.FILES.put(r2Key, bytes, {
    httpMetadata: { contentType: XLSX_TYPE },
    customMetadata: { recordId: String(record.id), rows: String(written) },
  });
  return { r2Key, size: bytes.byteLength, rows: written };
}

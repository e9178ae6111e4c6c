/**
 * Request and response schemas of the operator's import calls (`npm run import`). Cells travel as
 * the CLI read them (text, numbers, booleans, empty); the worker reads them into the product's units.
 */
import { z } from 'zod';
import { reqId } from '../lib/params';
import { IMPORT_KINDS } from './tables';

/** Rows per request: each row is a handful of statements of one D1 batch, within D1's per-call limits. */
export const MAX_ROWS_PER_REQUEST = 200;
export const MAX_COLUMNS = 100;

const kind = z.enum(IMPORT_KINDS).optional().describe('closure、starmarket 或 medical-event；省略时按表头判断');
const headers = z.array(z.string().max(200)).min(1, '文件没有表头').max(MAX_COLUMNS, `列数超过 ${MAX_COLUMNS}`);

// zod reports the first issue in field order: the headers last, so a malformed smaller field is the one named.
export const beginBody = z.object({
  kind,
  file_name: z.string().max(300).default(''),
  dry_run: z.boolean().default(false),
  headers,
});

const cell = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);

export const rowsBody = z.object({
  batch_id: z.number().int().min(0).describe('beginBody 返回的批次；试运行为 0'),
  kind,
  headers,
  rows: z
    .array(z.object({ line: z.number().int().min(1), values: z.array(cell).max(MAX_COLUMNS) }))
    .min(1)
    .max(MAX_ROWS_PER_REQUEST, `每次最多 ${MAX_ROWS_PER_REQUEST} 行`),
  dry_run: z.boolean().default(false),
  create_firms: z.boolean().default(false),
});

export const batchParam = z.object({ id: reqId('批次 id') });

export const began = z.object({
  batch_id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  ignored: z.array(z.string()),
});

export const rowsOutcome = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejects: z.array(z.object({ line: z.number().int(), column: z.string(), reason: z.string() })),
  defaulted: z.record(z.string(), z.number().int()),
  firms_missing: z.array(z.string()),
  firms_created: z.array(z.string()),
  changes: z.array(z.object({ line: z.number().int(), name: z.string(), action: z.enum(['insert', 'update']), fields: z.array(z.string()) })),
});

export const batchView = z.object({
  batch_id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  status: z.enum(['running', 'done', 'undone']),
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
  undone_at: z.number().int().nullable(),
});

export const undone = z.object({ batch: batchView, undone: z.number().int(), remaining: z.number().int() });

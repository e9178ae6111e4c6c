// Types for scripts/import/send.mjs (plain ESM, shared by the CLI, the bench and the worker tests).
import type { Table } from './read.mjs';

export type Post = (path: string, body?: unknown) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any envelope
export interface Reject {
  line: number;
  column: string;
  reason: string;
  values: unknown[];
}
export interface Summary {
  batch_id: number;
  kind: 'closure' | 'starmarket' | 'medical-event';
  ignored: string[];
  imported: number;
  updated: number;
  unchanged: number;
  rejects: Reject[];
  defaulted: Record<string, number>;
  firms_missing: string[];
  firms_created: string[];
  changes: { line: number; name: string; action: 'insert' | 'update'; fields: string[] }[];
}
export const MAX_PIECE_BYTES: number;
export const MAX_PIECE_ROWS: number;
export const LANES: number;
export function pieces<R>(rows: R[], headersBytes?: number): R[][];
export function importTable(opts: {
  post: Post;
  table: Table;
  fileName?: string;
  kind?: string;
  dryRun?: boolean;
  createFirms?: boolean;
  onProgress?: (done: number, total: number) => void;
  wait?: (attempt: number) => Promise<void>;
  lanes?: number;
}): Promise<Summary>;
export function undoBatch(opts: { post: Post; batchId: number; onProgress?: (done: number, total: number) => void; wait?: (attempt: number) => Promise<void> }): Promise<{ undone: number; batch: { status: string; imported: number; updated: number } }>;
export function summaryLine(s: Pick<Summary, 'imported' | 'updated' | 'unchanged' | 'rejects'>): string;
export class ImportError extends Error {}

// Types for scripts/import/read.mjs (plain ESM, shared by the CLI and the worker tests).
export type Cell = string | number | boolean | null;
export interface Row {
  line: number;
  values: Cell[];
}
export interface Table {
  headers: string[];
  rows: Row[];
  encoding?: string;
}
export function readXlsx(bytes: ArrayBuffer | Uint8Array): Promise<Table>;
export function decodeCsv(bytes: ArrayBuffer | Uint8Array, encoding?: string): { text: string; encoding: string };
export function readCsv(bytes: ArrayBuffer | Uint8Array, encoding?: string): Table;
export function readTable(bytes: ArrayBuffer | Uint8Array, fileName: string, encoding?: string): Promise<Table>;

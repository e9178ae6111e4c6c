/**
 * The export registry: every export button of the product names one of these kinds. Each area
 * defines its kinds in `<area>/exports.ts` and they are listed here, one line per area.
 * The API worker counts, prices and queues with them; the export worker builds files with them.
 */
import { apiUsageExport } from '../apikeys/exports';
import { closureExportKinds } from '../closure/exports';
import { ApiError } from '../lib/errors';
import { starmarketExportKinds } from '../starmarket/exports';
import type { ExportKind } from './types';

const AREA_KINDS: ExportKind[][] = [
  closureExportKinds as ExportKind[],
  starmarketExportKinds as ExportKind[],
  [apiUsageExport as ExportKind],
];

export const EXPORT_KINDS: Record<string, ExportKind> = Object.fromEntries(AREA_KINDS.flat().map((k) => [k.name, k]));

export const KIND_NAMES = Object.keys(EXPORT_KINDS);

export function exportKind(name: string): ExportKind {
  const kind = Object.hasOwn(EXPORT_KINDS, name) ? EXPORT_KINDS[name] : undefined;
  if (!kind) throw new ApiError('BAD_REQUEST', `不支持的导出类型：${name}`, { field: 'kind' });
  return kind;
}

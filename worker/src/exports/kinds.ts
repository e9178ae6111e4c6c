/**
 * The export registry: every export button of the product names one of these kinds.
 * The API worker counts, prices and queues with it; the export worker builds files with it.
 * A new export is one more entry here (params, query, columns, title).
 */
import { ApiError } from '../lib/errors';
import {
  closureAlbum,
  closureAll,
  closureAmountTop,
  closureHorseUnicorn,
  closureReason,
  closureTrack,
  closureValuationTop,
} from './closure';
import { starmarketAmountTop, starmarketApplicants, starmarketListed, starmarketValuationTop } from './starmarket';
import type { ExportKind } from './types';

export const EXPORT_KINDS: Record<string, ExportKind> = {
  [closureAll.name]: closureAll,
  [closureReason.name]: closureReason,
  [closureTrack.name]: closureTrack,
  [closureAlbum.name]: closureAlbum,
  [closureAmountTop.name]: closureAmountTop,
  [closureValuationTop.name]: closureValuationTop,
  [closureHorseUnicorn.name]: closureHorseUnicorn,
  [starmarketApplicants.name]: starmarketApplicants,
  [starmarketListed.name]: starmarketListed,
  [starmarketAmountTop.name]: starmarketAmountTop,
  [starmarketValuationTop.name]: starmarketValuationTop,
};

export const KIND_NAMES = Object.keys(EXPORT_KINDS);

/** down_type of /closure/closure_down and closure_down_check. */
export const CLOSURE_DOWN_TYPES: Record<number, string> = {
  0: closureAll.name,
  1: closureReason.name,
  2: closureTrack.name,
  3: closureAlbum.name,
  4: closureAmountTop.name,
  5: closureValuationTop.name,
  6: closureHorseUnicorn.name,
};

/** type of /export/starmarket_company_down: 1 applicants, 2 financing ranking, 3 market-value ranking, 4 listed. */
export const STARMARKET_DOWN_TYPES: Record<number, string> = {
  1: starmarketApplicants.name,
  2: starmarketAmountTop.name,
  3: starmarketValuationTop.name,
  4: starmarketListed.name,
};

export function exportKind(name: string): ExportKind {
  const kind = Object.hasOwn(EXPORT_KINDS, name) ? EXPORT_KINDS[name] : undefined;
  if (!kind) throw new ApiError('BAD_REQUEST', `不支持的导出类型：${name}`, { field: 'kind' });
  return kind;
}

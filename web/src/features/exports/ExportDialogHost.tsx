import { lazy, Suspense } from 'react';
import { closeExport, useOpenExport } from './store';
import './exports.css';
import { lazyChunk } from '../../lib/staleBuild';

// The dialog's code loads with the first export a user asks for, not in every page's first load.
const ExportDialog = lazy(lazyChunk(() => import('./ExportDialog').then((m) => ({ default: m.ExportDialog }))));

/**
 * Mounted once in the root layout; shows the export dialog that `openExport` asked for.
 * Keyed by the request's serial: every click of an export button is a new intent with a fresh
 * Idempotency-Key and a fresh cost check.
 */
export function ExportDialogHost() {
  const open = useOpenExport();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ExportDialog key={open.serial} req={open.req} onClose={closeExport} />
    </Suspense>
  );
}

import { ExportDialog } from './ExportDialog';
import { closeExport, useOpenExport } from './store';
import './exports.css';

/**
 * Mounted once in the root layout; shows the export dialog that `openExport` asked for.
 * Keyed by the request's serial: every click of an export button is a new intent with a fresh
 * Idempotency-Key and a fresh cost check.
 */
export function ExportDialogHost() {
  const open = useOpenExport();
  if (!open) return null;
  return <ExportDialog key={open.serial} req={open.req} onClose={closeExport} />;
}

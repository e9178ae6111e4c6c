import { requireLogin } from '../../lib/gate';
import { createStore, useStore } from '../../lib/store';

/**
 * The public entry point of the export dialog: every export button of the product calls
 * `openExport({...})`; <ExportDialogHost/> (mounted once in the root layout) does the rest
 * (login gate, cost check, recharge confirm, generation, progress, saving the xlsx).
 *
 * The request maps 1:1 onto the worker's generic calls
 *   POST /api/exports/check {kind, params}   -> rows, jzb_down (coins), jzb_num (balance), price_rule, msg
 *   POST /api/exports       {kind, params}   -> job_id, record_id, records (Idempotency-Key header)
 * which cover every kind of the registry (worker/src/exports/kinds.ts), so the dialog never uses
 * closure_down_check / closure_down (those are the spec's names for the same code path).
 * `params` are the kind's own params; undefined and '' mean "no filter"; unknown keys are ignored.
 * Without `page` the whole result is exported in 2000-row files (one download record each);
 * with `page` + `per_page: 2000` exactly that slice becomes one file (the dialog's batch buttons).
 *
 * closure_down down_type -> kind (CLOSURE_DOWN_KINDS in worker/src/closure/constants.ts):
 *   closed-company list (0), filters + one 2000-row batch:
 *     openExport({ kind: 'closure', params: { com_prov: '北京', cat_id: 3, fund_status: 2, keyword: '单车', sort: 1, page: 2, per_page: 2000 },
 *                  from: 'deathCompany', title: '死亡公司列表（第2001-4000条）' })
 *   the whole filtered list:   { kind: 'closure', params: { cat_id: 3 }, from: 'deathCompany' }
 *   reason list (1, VIP only): { kind: 'closure_reason', params: { type_id: 12 }, from: 'deathReason' }
 *   track (2):                 { kind: 'closure_track', params: { item_id: 7 }, from: 'deathTrack' }
 *   album (3):                 { kind: 'closure_album', params: { item_id: 5 }, from: 'deathAlbum' }
 *   financing top100 (4):      { kind: 'closure_amount_top', params: { cat_id, com_prov, sort }, from: 'deathRank' }
 *   valuation top100 (5):      { kind: 'closure_valuation_top', params: {}, from: 'deathRank' }
 *   horse / unicorn (6):       { kind: 'closure_horse_unicorn', params: { horse_unicorn: 1 } (1 千里马, 2 独角兽), from: 'deathRank' }
 * starmarket_company_down type -> kind (STARMARKET_DOWN_KINDS in worker/src/exports/constants.ts):
 *   applicants (1):            { kind: 'starmarket_applicants', params: { state, keyword, cat_id, com_prov }, from: 'starMarket' }
 *   listed (4):                { kind: 'starmarket_listed', params: { keyword, cat_id, com_prov }, from: 'starMarket' }
 *   financing ranking (2):     { kind: 'starmarket_amount_top', params: { number: 100 }, from: 'starMarket' }
 *   market-value ranking (3):  { kind: 'starmarket_valuation_top', params: { number: 100 }, from: 'starMarket' }
 */
export interface ExportRequest {
  /** A kind name from GET /api/exports/kinds, e.g. 'closure' for the closed-company list. */
  kind: string;
  /** The kind's params (filters, ids, page/per_page for one batch). */
  params: Record<string, string | number | undefined>;
  /** The area for /order?from=<from> when the user must recharge or upgrade, e.g. 'deathCompany'. */
  from: string;
  /** What is exported, shown as the dialog's subject, e.g. '死亡公司列表（第1-2000条）'; defaults to the server's title. */
  title?: string;
}

/** The open export, with a serial so that the same request clicked twice starts a fresh intent. */
export interface OpenExport {
  req: ExportRequest;
  serial: number;
}

export const exportStore = createStore<OpenExport | null>(null);

let serial = 0;

/** Spec §9: export clicks are debounced by 300 ms; a double click on an export button opens one dialog. */
export const EXPORT_CLICK_DEBOUNCE_MS = 300;
let lastClick = { key: '', at: 0 };

/**
 * Opens the export dialog for `req` (replacing an export dialog that is already open).
 * A visitor gets the login dialog instead; the worker checks the role again (e.g. the reason
 * list is VIP-only: VIP_REQUIRED opens the membership prompt with /order?from=<from>).
 */
export function openExport(req: ExportRequest): void {
  if (!requireLogin()) return;
  const key = JSON.stringify([req.kind, req.params]);
  const now = Date.now();
  const repeated = key === lastClick.key && now - lastClick.at < EXPORT_CLICK_DEBOUNCE_MS && exportStore.get() !== null;
  lastClick = { key, at: now };
  if (repeated) return;
  exportStore.set({ req, serial: ++serial });
}

export const closeExport = () => exportStore.set(null);

export const useOpenExport = () => useStore(exportStore);

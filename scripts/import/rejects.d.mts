// Types for scripts/import/rejects.mjs.
import type { Reject } from './send.mjs';

export function rejectsXlsx(headers: string[], rejects: Pick<Reject, 'line' | 'column' | 'reason' | 'values'>[]): Promise<Uint8Array>;

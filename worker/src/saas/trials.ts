/** Trial applications (/saas/try): stored once per e-mail or phone per 24 hours. */
import { and, asc, eq, gt, notExists, or, sql } from 'drizzle-orm';
import { trialApplications } from '../db';
import { insertWhen } from '../db/guarded';
import type { Db } from '../env';
import type { TrialApplication } from './rules';

/** A second application with the same e-mail or phone within this time gets the first one back. */
export const TRIAL_REPEAT_MS = 24 * 60 * 60 * 1000;

export interface StoredTrial {
  id: number;
  created_at: number;
  /** True when this answer is an earlier application with the same e-mail or phone. */
  repeat: boolean;
}

/**
 * Stores the application unless one with the same e-mail or phone came in the last 24 hours,
 * and returns the application that stands. The check and the insert are one statement (an
 * INSERT … SELECT … WHERE NOT EXISTS), so two identical submissions at once still make one row;
 * the lookup walks the created_at index over the last day only.
 */
export async function submitTrial(db: Db, form: TrialApplication, now = Date.now()): Promise<StoredTrial> {
  const t = trialApplications;
  const recent = and(gt(t.createdAt, now - TRIAL_REPEAT_MS), or(eq(t.email, form.email), eq(t.phone, form.phone)));
  const [insert, first] = await db.batch([
    insertWhen(
      db,
      t,
      { name: form.name, email: form.email, companyName: form.company_name, position: form.position, phone: form.phone, weixin: form.weixin, need: form.need, createdAt: now },
      notExists(db.select({ one: sql`1` }).from(t).where(recent)),
    ),
    db.select({ id: t.id, created_at: t.createdAt }).from(t).where(recent).orderBy(asc(t.createdAt), asc(t.id)).limit(1),
  ]);
  const row = first[0];
  if (!row) throw new Error('trial application neither stored nor found');
  return { id: row.id, created_at: row.created_at, repeat: (insert as D1Result).meta.changes === 0 };
}

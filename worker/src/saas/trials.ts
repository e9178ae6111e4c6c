/** Trial applications (/saas/try): stored once per e-mail or phone per 24 hours. */
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
 * and returns the application that stands. Raw SQL because the check and the insert are one
 * statement (INSERT … SELECT … WHERE NOT EXISTS), so two identical submissions at once still
 * make one row; the lookup walks the created_at index over the last day only.
 */
export async function submitTrial(d1: D1Database, form: TrialApplication, now = Date.now()): Promise<StoredTrial> {
  const since = now - TRIAL_REPEAT_MS;
  const earlier = `SELECT id, created_at FROM trial_applications WHERE created_at > ?1 AND (email = ?2 OR phone = ?3) ORDER BY created_at, id LIMIT 1`;
  const [insert, first] = await d1.batch<{ id: number; created_at: number }>([
    d1
      .prepare(
        `INSERT INTO trial_applications (name, email, company_name, position, phone, weixin, need, created_at)
         SELECT ?4, ?2, ?5, ?6, ?3, ?7, ?8, ?9
         WHERE NOT EXISTS (SELECT 1 FROM trial_applications WHERE created_at > ?1 AND (email = ?2 OR phone = ?3))`,
      )
      .bind(since, form.email, form.phone, form.name, form.company_name, form.position, form.weixin, form.need, now),
    d1.prepare(earlier).bind(since, form.email, form.phone),
  ]);
  const row = first.results[0];
  if (!row) throw new Error('trial application neither stored nor found');
  return { id: row.id, created_at: row.created_at, repeat: insert.meta.changes === 0 };
}

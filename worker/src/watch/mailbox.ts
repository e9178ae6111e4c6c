/** Where a user's watchlist digest goes: the address they set, else the account itself when it is an e-mail address. */
import { eq } from 'drizzle-orm';
import { EMAIL_PATTERN } from '../digest/constants';
import type { Db, SessionUser } from '../env';
import { watchMailboxes } from './tables';

export async function mailboxOf(db: Db, user: Pick<SessionUser, 'id' | 'account'>): Promise<string | null> {
  const row = await db.select({ email: watchMailboxes.email }).from(watchMailboxes).where(eq(watchMailboxes.userId, user.id)).get();
  if (row) return row.email;
  return EMAIL_PATTERN.test(user.account) ? user.account.toLowerCase() : null;
}

export async function setMailbox(db: Db, userId: number, email: string, now = Date.now()): Promise<string> {
  await db.insert(watchMailboxes).values({ userId, email, updatedAt: now }).onConflictDoUpdate({ target: watchMailboxes.userId, set: { email, updatedAt: now } });
  return email;
}

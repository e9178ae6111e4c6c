import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { credit, debit } from '../../../worker/src/coins';
import type { SQL } from 'drizzle-orm';
import { incenseRecords } from '../../../worker/src/db';
import { insertWhen } from '../../../worker/src/db/guarded';
import { balance, db, ledgerSum, makeUser } from '../helpers';

describe('coins ledger', () => {
  it('50 concurrent debits of 1 coin against 20 leave exactly 20 successes and balance 0', async () => {
    const u = await makeUser({ coins: 20 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        debit(db(), { userId: u.id, amount: 1, reason: 'incense', idempotencyKey: `c${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.reason.code).toBe('INSUFFICIENT_COINS');
    expect(await balance(u.id)).toBe(0);
    expect(await ledgerSum(u.id)).toBe(0);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM coin_ledger WHERE user_id = ? AND reason = 'incense'").bind(u.id).first<{ n: number }>();
    expect(rows!.n).toBe(20);
  });

  it('a retried idempotency key charges once', async () => {
    const u = await makeUser({ coins: 10 });
    const first = await debit(db(), { userId: u.id, amount: 3, reason: 'incense', idempotencyKey: 'same-key' });
    const again = await Promise.all([1, 2, 3].map(() => debit(db(), { userId: u.id, amount: 3, reason: 'incense', idempotencyKey: 'same-key' })));
    expect(first.applied).toBe(true);
    for (const r of again) {
      expect(r.applied).toBe(false);
      expect(r.ledgerId).toBe(first.ledgerId);
    }
    expect(await balance(u.id)).toBe(7);
    expect(await ledgerSum(u.id)).toBe(7);
  });

  it('refuses a debit larger than the balance, with the balance, and changes nothing', async () => {
    const u = await makeUser({ coins: 5 });
    await expect(debit(db(), { userId: u.id, amount: 6, reason: 'export', idempotencyKey: 'big' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_COINS',
      extra: { balance: 5, required: 6 },
    });
    expect(await balance(u.id)).toBe(5);
    expect(await ledgerSum(u.id)).toBe(5);
  });

  it('runs the guarded statements only when this call charged', async () => {
    const u = await makeUser({ coins: 2 });
    const extra = (g: SQL) => [insertWhen(db(), incenseRecords, { type: 1, itemId: 999, userId: u.id, amount: 1, createdAt: 0 }, g)];
    await debit(db(), { userId: u.id, amount: 1, reason: 'incense', idempotencyKey: 'k1' }, extra);
    await debit(db(), { userId: u.id, amount: 1, reason: 'incense', idempotencyKey: 'k1' }, extra);
    await expect(debit(db(), { userId: u.id, amount: 5, reason: 'incense', idempotencyKey: 'k2' }, extra)).rejects.toMatchObject({ code: 'INSUFFICIENT_COINS' });
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM incense_records WHERE user_id = ?').bind(u.id).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it('a refund credit is applied once however often it is retried', async () => {
    const u = await makeUser({ coins: 0 });
    await Promise.all([1, 2, 3].map(() => credit(db(), { userId: u.id, amount: 4, reason: 'refund', idempotencyKey: 'refund:r1' })));
    expect(await balance(u.id)).toBe(4);
    expect(await ledgerSum(u.id)).toBe(4);
  });

  it('the database refuses a negative balance even outside the module', async () => {
    const u = await makeUser({ coins: 1 });
    await expect(env.DB.prepare('UPDATE coin_wallets SET balance = -1 WHERE user_id = ?').bind(u.id).run()).rejects.toThrow(/CHECK/);
  });
});

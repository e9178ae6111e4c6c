/**
 * Accounts: the demo accounts and a seeded crowd (authors of comments and incense), their
 * memberships and paid orders, and coin wallets whose balance is exactly the sum of their
 * ledger rows (a grant, recharges through paid orders, then one debit per incense offering).
 */
import type { SeedContext } from './context.ts';
import { dayOfYmd, DAY_MS, msOfDay } from './dates.ts';
import { CROWD_PASSWORD, DEMO_ACCOUNTS, DEMO_ITERATIONS, type DemoRole } from './demo-accounts.ts';
import type { Rng } from './prng.ts';
import type { Row } from './sql.ts';
import { nickname, personName, USER_POSITIONS } from './words.ts';
import { ORDER_TTL_MS, planById, PLANS, type Plan } from '../../worker/src/order/plans.ts';

export interface SeedUser {
  id: number;
  account: string;
  username: string;
  createdAt: number;
  role: DemoRole;
  demo: boolean;
  company: string;
  position: string;
}

/** One coin movement before ids are assigned (ids follow time order, like autoincrement). */
interface Movement {
  recordId?: number;
  userId: number;
  delta: number;
  reason: 'grant' | 'recharge' | 'incense';
  refType: string;
  refId: string;
  key: string;
  at: number;
}

export interface Spend {
  userId: number;
  amount: number;
  recordId: number;
  /** What the coins paid for, as the incense call writes it into the ledger. */
  refType: 'closure' | 'closure_type';
  refId: number;
  at: number;
}

const YEAR_MS = 365 * DAY_MS;
/** Coin packs by size, smallest first: a crowd user's top-ups are packs of the real price list. */
const COIN_PACKS = PLANS.filter((p) => p.kind === 'coins').sort((a, b) => a.coins - b.coins);

const uuid = (rng: Rng) => `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-${rng.pick(['8', '9', 'a', 'b'])}${rng.hex(3)}-${rng.hex(12)}`;

export function generateUsers(ctx: SeedContext) {
  const rng = ctx.rng('users');
  const users: SeedUser[] = [];
  const userRows: Row[] = [];
  const memberships: Row[] = [];
  const orders: Row[] = [];
  const demoStart = ctx.nowMs - 400 * DAY_MS;

  for (const d of DEMO_ACCOUNTS) {
    const u: SeedUser = { id: ctx.nextId('user'), account: d.account, username: d.username, createdAt: demoStart, role: d.role, demo: true, company: '', position: '' };
    users.push(u);
    userRows.push(userRow(u, d.hash, d.salt));
    if (d.role !== 'user') {
      // Granted, not bought (no order): valid from a year ago for ten years, so the demo works whatever the clock says.
      memberships.push({ id: ctx.nextId('membership'), user_id: u.id, level: d.role, starts_at: ctx.nowMs - YEAR_MS, ends_at: ctx.nowMs + 10 * YEAR_MS, order_id: null });
    }
  }

  const crowdSize = ctx.volume(300, 20);
  const phones = new Set<string>();
  const firstDay = dayOfYmd(20160101);
  for (let i = 0; i < crowdSize; i++) {
    let phone = '';
    while (!phone || phones.has(phone)) phone = `1${rng.pick(['3', '5', '7', '8', '9'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
    phones.add(phone);
    const createdAt = msOfDay(rng.int(firstDay, ctx.today - 30), rng.int(8 * 3600, 23 * 3600));
    const id = ctx.nextId('user');
    const r = rng.next();
    const role: DemoRole = r < 0.03 ? 'svip' : r < 0.15 ? 'vip' : 'user';
    const u: SeedUser = {
      id,
      account: phone,
      username: nickname(rng, id),
      createdAt,
      role,
      demo: false,
      company: rng.chance(0.6) ? `${personName(rng).slice(0, 1)}${rng.pick(['氏', '盛', '华', '联'])}${rng.pick(['资本', '科技', '投资', '咨询'])}` : '',
      position: rng.chance(0.7) ? rng.pick(USER_POSITIONS) : '',
    };
    users.push(u);
    userRows.push(userRow(u, CROWD_PASSWORD.hash, CROWD_PASSWORD.salt));
    // Current members bought a year; some ordinary users had a membership that has run out.
    const expired = role === 'user' && rng.chance(0.1);
    if (role !== 'user' || expired) {
      const level = role === 'svip' ? 'svip' : 'vip';
      const paidAt = expired
        ? Math.max(createdAt + DAY_MS, ctx.nowMs - rng.int(400, 900) * DAY_MS)
        : Math.max(createdAt + DAY_MS, ctx.nowMs - rng.int(1, 300) * DAY_MS);
      const orderId = ctx.nextId('order');
      const plan = planById(level === 'svip' ? 'svip_year' : 'vip_year')!;
      orders.push(orderRow(orderId, u.id, plan, paidAt, `seed-membership-${u.id}`, rng));
      memberships.push({ id: ctx.nextId('membership'), user_id: u.id, level, starts_at: paidAt, ends_at: paidAt + YEAR_MS, order_id: orderId });
    }
  }
  return { users, crowd: users.filter((u) => !u.demo), userRows, memberships, orders };
}

function userRow(u: SeedUser, hash: string, salt: string): Row {
  return {
    id: u.id,
    account: u.account,
    username: u.username,
    logo: '',
    password_hash: hash,
    password_salt: salt,
    password_iterations: DEMO_ITERATIONS,
    company: u.company,
    position: u.position,
    created_at: u.createdAt,
  };
}

function orderRow(id: number, userId: number, plan: Plan, paidAt: number, key: string, rng: Rng): Row {
  return {
    id,
    user_id: userId,
    product: plan.id,
    kind: plan.kind,
    days: plan.days,
    coins: plan.coins,
    amount_fen: plan.priceFen,
    status: 'paid',
    provider: 'sandbox',
    provider_ref: `sandbox_${rng.hex(16)}`,
    idempotency_key: key,
    source: '',
    created_at: paidAt - 60_000,
    expires_at: paidAt - 60_000 + ORDER_TTL_MS,
    paid_at: paidAt,
  };
}

/**
 * Wallets and ledger. Crowd users get a sign-up grant, then a recharge order before their first
 * incense big enough to pay for everything they offer; demo users get exactly their coins.
 */
export function generateWallets(ctx: SeedContext, users: SeedUser[], spends: Spend[]) {
  const rng = ctx.rng('wallets');
  const moves: Movement[] = [];
  const orders: Row[] = [];
  const byUser = new Map<number, Spend[]>();
  for (const s of spends) {
    const list = byUser.get(s.userId) ?? [];
    list.push(s);
    byUser.set(s.userId, list);
  }
  for (const u of users) {
    const demo = DEMO_ACCOUNTS.find((d) => d.account === u.account);
    if (demo) {
      if (demo.coins > 0) moves.push({ userId: u.id, delta: demo.coins, reason: 'grant', refType: 'seed', refId: '', key: 'seed:demo-grant', at: u.createdAt });
      continue;
    }
    const bonus = 20;
    moves.push({ userId: u.id, delta: bonus, reason: 'grant', refType: 'signup', refId: '', key: 'seed:signup-bonus', at: u.createdAt });
    const own = byUser.get(u.id) ?? [];
    const spent = own.reduce((s, x) => s + x.amount, 0);
    const leftover = rng.int(0, 150);
    const need = spent + leftover - bonus;
    if (need > 0) {
      const firstSpend = own.length ? Math.min(...own.map((s) => s.at)) : ctx.nowMs;
      const paidAt = Math.max(u.createdAt + 60_000, firstSpend - 3_600_000);
      // The smallest pack that covers the need, or as many of the largest as it takes.
      const pack = COIN_PACKS.find((p) => p.coins >= need) ?? COIN_PACKS[COIN_PACKS.length - 1];
      const count = Math.ceil(need / pack.coins);
      for (let i = 0; i < count; i++) {
        const orderId = ctx.nextId('order');
        const at = paidAt + i * 60_000;
        orders.push(orderRow(orderId, u.id, pack, at, `seed-recharge-${u.id}-${i}`, rng));
        moves.push({ userId: u.id, delta: pack.coins, reason: 'recharge', refType: 'order', refId: String(orderId), key: `topup:order:${orderId}`, at });
      }
    }
    for (const s of own) {
      moves.push({ recordId: s.recordId, userId: u.id, delta: -s.amount, reason: 'incense', refType: s.refType, refId: String(s.refId), key: `seed-incense-${s.recordId}`, at: s.at });
    }
  }
  moves.sort((a, b) => a.at - b.at || a.userId - b.userId);
  const balances = new Map<number, { balance: number; at: number }>();
  const ledgerIdOfRecord = new Map<number, number>();
  const ledger: Row[] = moves.map((m) => {
    const b = balances.get(m.userId) ?? { balance: 0, at: 0 };
    b.balance += m.delta;
    b.at = m.at;
    // A balance that dips below zero at any point would be a ledger no debit could have written.
    if (b.balance < 0) throw new Error(`seed: user ${m.userId} ledger goes negative`);
    balances.set(m.userId, b);
    const id = ctx.nextId('ledger');
    if (m.recordId) ledgerIdOfRecord.set(m.recordId, id);
    return {
      id,
      user_id: m.userId,
      delta: m.delta,
      reason: m.reason,
      ref_type: m.refType,
      ref_id: m.refId,
      idempotency_key: m.key,
      op_nonce: uuid(rng),
      created_at: m.at,
    };
  });
  const wallets: Row[] = users.map((u) => {
    const b = balances.get(u.id);
    return { user_id: u.id, balance: b?.balance ?? 0, updated_at: b?.at ?? u.createdAt };
  });
  return { wallets, ledger, orders, ledgerIdOfRecord };
}

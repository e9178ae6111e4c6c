/**
 * The demo accounts the README and `npm start` print. One password for all of them.
 * Hashes are PBKDF2-SHA256, 100,000 iterations, 32-byte key, hex; computed once with
 * node:crypto and committed so the generator stays pure and deterministic
 * (scripts/seed.ts re-derives them before seeding and refuses to run if one is wrong).
 */
export const DEMO_PASSWORD = 'demo-pass-2026';
export const DEMO_ITERATIONS = 100_000;

export type DemoRole = 'user' | 'vip' | 'svip';

export interface DemoAccount {
  account: string;
  username: string;
  role: DemoRole;
  coins: number;
  /** What the account is for, as the README and `npm start` list it. */
  label: string;
  salt: string;
  hash: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    account: 'user@demo.local',
    username: '演示用户',
    role: 'user',
    coins: 20,
    label: '普通用户，20 桔子币',
    salt: '98d6407ab02152d47ca3709efb6449f1',
    hash: 'f31fd0faafe04f7a9a437791a064bc8a96cefca1e3e77a2bacc419e4179bf432',
  },
  {
    account: 'poor@demo.local',
    username: '余额不足用户',
    role: 'user',
    coins: 0,
    label: '普通用户，0 桔子币',
    salt: '6f3eeb5a6cbb1dd8372ba22bac940d1b',
    hash: '48dcf61b8f4b120919dadff6d12cbd1f189e483079f31d0cd639b094102c75e1',
  },
  {
    account: 'vip@demo.local',
    username: '演示VIP',
    role: 'vip',
    coins: 500,
    label: 'VIP 会员（长期有效），500 桔子币',
    salt: '1cc6a5c9a90dcbfab40687412ad14269',
    hash: 'db526da0258f2a326205c27d78c59199088edad45714e9f38c7a8fdf305c3e55',
  },
  {
    account: 'svip@demo.local',
    username: '演示超级VIP',
    role: 'svip',
    coins: 500,
    label: '超级 VIP 会员（长期有效），500 桔子币',
    salt: 'b1d90f72a3489c35d97e436a5111f7ac',
    hash: '8c7c7a9cf9e0b8c4565d9d8f12f04b313e29818b53d048d763ecf00a983da8b0',
  },
];

/** The seeded crowd (authors of comments and incense) shares the demo password too, with this salt. */
export const CROWD_PASSWORD = {
  salt: 'e38814d2a64c0374528880589a1b2d71',
  hash: 'e10de73b34cb708ebc270a4eea8881f7ac4faf61bd6726f7275b2d2ce05b4c65',
} as const;

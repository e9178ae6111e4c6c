/** Investment firms (机构), and samplers that make a few firms join most deals. */
import type { SeedContext } from './context.ts';
import { zipf, type Rng } from './prng.ts';
import type { Row } from './sql.ts';
import { SECTORS } from './taxonomy.ts';
import { firmDescription, firmName } from './words.ts';

export interface Firm {
  id: number;
  name: string;
  isFa: boolean;
  /** Sector ids the firm invests in; empty for generalists. */
  focus: number[];
}

export interface FirmPool {
  firms: Firm[];
  rows: Row[];
  /** A firm for a deal in this sector, heavy-tailed by activity; never an FA. */
  investorFor(rng: Rng, sectorId: number): Firm;
}

export function generateFirms(ctx: SeedContext): FirmPool {
  const rng = ctx.rng('firms');
  const n = ctx.volume(1500, 30);
  const names = new Set<string>();
  const firms: Firm[] = [];
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const isFa = rng.chance(0.06);
    let name = '';
    for (let attempt = 0; !name || names.has(name); attempt++) {
      name = firmName(rng, isFa, attempt);
      if (attempt > 20) name = `${name}${attempt}号基金`;
    }
    names.add(name);
    const generalist = rng.chance(0.3);
    const focus = generalist ? [] : rng.sample(SECTORS, rng.int(2, 4)).map((s) => s.id);
    const firm: Firm = { id: ctx.nextId('firm'), name, isFa, focus };
    firms.push(firm);
    const focusNames = (focus.length ? focus : [2, 4, 1]).map((id) => SECTORS.find((s) => s.id === id)!.name);
    rows.push({ id: firm.id, name, logo: '', des: firmDescription(rng, name, isFa, focusNames), is_fa: isFa ? 1 : 0 });
  }
  // Activity order is a shuffle, so the busiest firms are not simply the lowest ids.
  const active = rng.sample(firms.filter((f) => !f.isFa), firms.length);
  const samplers = new Map<number, (rng: Rng) => Firm>();
  return {
    firms,
    rows,
    investorFor(r, sectorId) {
      let s = samplers.get(sectorId);
      if (!s) {
        s = zipf(active.filter((f) => f.focus.length === 0 || f.focus.includes(sectorId)), 0.5);
        samplers.set(sectorId, s);
      }
      return s(r);
    },
  };
}

/** Picks `k` distinct firms for one company's investor list. */
export function distinctInvestors(pool: FirmPool, rng: Rng, sectorId: number, k: number): Firm[] {
  const out = new Map<number, Firm>();
  for (let tries = 0; out.size < k && tries < k * 10; tries++) {
    const f = pool.investorFor(rng, sectorId);
    out.set(f.id, f);
  }
  return [...out.values()];
}

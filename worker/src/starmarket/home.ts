/**
 * /kcb home data (/starmarket/home, or one part at a time: /starmarket/home/com, /home/listed,
 * /home/rule): the newest applications, the newest listed companies and the STAR-market rules,
 * each read from the head of an index.
 */
import { and, desc, eq } from 'drizzle-orm';
import { policies } from '../db';
import type { Db } from '../env';
import { runShaped, shapedParts, shapedSelect } from '../lib/shaped';
import { formatYmd } from '#shared/dates';
import { HOME_SIZE } from './constants';
import { selectStarRows, toStarRows } from './rows';
import { starConditions, starOrder, type Listed } from './select';

/** The region policies are filed under for the STAR market (/policy?region=科创板). */
export const STAR_REGION = '科创板';

const companiesQuery = (db: Db, listed: Listed) => selectStarRows(db).where(and(...starConditions({}, listed))).orderBy(...starOrder()).limit(HOME_SIZE);

const rulesQuery = (db: Db) =>
  db
    .select({ id: policies.id, title: policies.title, ref: policies.referenceNumber, put: policies.putTime })
    .from(policies)
    .where(eq(policies.region, STAR_REGION))
    .orderBy(desc(policies.putTime), desc(policies.id))
    .limit(HOME_SIZE);

const ruleItems = (rows: Awaited<ReturnType<typeof rulesQuery>>) =>
  rows.map((r) => ({ id: r.id, title: r.title, reference_number: r.ref, put_time: formatYmd(r.put) }));

// Constant statements: their text is built once per isolate (lib/shaped.ts).
const companies = (db: Db, listed: Listed) => shapedSelect(db, `star.home.companies.${listed}`, () => companiesQuery(db, listed), {});
const rules = (db: Db) => shapedSelect(db, 'star.home.rules', () => rulesQuery(db), {});

export async function homeCompanies(db: Db, listed: Listed) {
  const [rows] = await runShaped(db, [companies(db, listed)] as const);
  return toStarRows(db, rows);
}

export async function homeRules(db: Db) {
  const [rows] = await runShaped(db, [rules(db)] as const);
  return ruleItems(rows);
}

/** The three parts in one D1 round trip: the two company lists in one statement, the rules in another. */
export async function homeData(db: Db) {
  const both = shapedParts(db, 'star.home.both', () => ({ parts: [companiesQuery(db, 0), companiesQuery(db, 1)] }), {});
  const [rows, rule] = await runShaped(db, [both, rules(db)] as const);
  // Each part in list order (a UNION's rows carry no order of their own): newest acceptance first.
  const part = (i: number) => rows.flatMap((r) => (r.part === i ? [r.row] : [])).sort((a, b) => b.acceptance - a.acceptance || b.mComId - a.mComId);
  const [comRows, listedRows] = await Promise.all([toStarRows(db, part(0)), toStarRows(db, part(1))]);
  return { com: comRows, listed: listedRows, rule: ruleItems(rule) };
}

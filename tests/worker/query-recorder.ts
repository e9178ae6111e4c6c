/**
 * Runs a request through the real app with a D1 binding that records every statement it
 * executes, then looks at those statements on the real database: their query plans
 * (EXPLAIN QUERY PLAN) and the rows D1 reads for them (meta.rows_read of a re-run).
 * drizzle reads through D1's raw(), which carries no meta, hence the re-run of read statements.
 * A shared helper: the query-plan tests of an area (closure/plans.test.ts) and the benchmark in
 * tests/bench use it; nothing in it is specific to an area but the list of large tables.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/src/app';

export interface Recorded {
  sql: string;
  params: unknown[];
  /** The round trip it went in: the statements of one batch share theirs. */
  trip: number;
}

const nextTrip = (log: Recorded[]) => (log.at(-1)?.trip ?? 0) + 1;

/** How many round trips to D1 the statements took. */
export const roundTrips = (statements: Recorded[]) => new Set(statements.map((s) => s.trip)).size;

const ORIGINAL = Symbol('original');
const SQL = Symbol('sql');
const PARAMS = Symbol('params');

type Tagged = D1PreparedStatement & { [ORIGINAL]: D1PreparedStatement; [SQL]: string; [PARAMS]: unknown[] };

function wrapStatement(stmt: D1PreparedStatement, sql: string, params: unknown[], log: Recorded[]): Tagged {
  return new Proxy(stmt, {
    get(target, prop) {
      if (prop === ORIGINAL) return target;
      if (prop === SQL) return sql;
      if (prop === PARAMS) return params;
      if (prop === 'bind') return (...args: unknown[]) => wrapStatement(target.bind(...args), sql, args, log);
      if (prop === 'all' || prop === 'raw' || prop === 'first' || prop === 'run') {
        return (...args: unknown[]) => {
          log.push({ sql, params, trip: nextTrip(log) });
          return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  }) as Tagged;
}

export function recordingD1(real: D1Database, log: Recorded[]): D1Database {
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrapStatement(target.prepare(sql), sql, [], log);
      // The app reads through a D1 session (db/index.ts sessionDb): record the session's statements too.
      if (prop === 'withSession') return (b?: string) => recordingD1(target.withSession(b) as unknown as D1Database, log);
      if (prop === 'batch') {
        return (stmts: Tagged[]) => {
          const trip = nextTrip(log);
          for (const s of stmts) log.push({ sql: s[SQL], params: s[PARAMS], trip });
          return target.batch(stmts.map((s) => s[ORIGINAL]));
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/** A request through the app with the recording binding; returns the response and the statements. */
export async function recordRequest(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; statements: Recorded[] }> {
  const log: Recorded[] = [];
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(url, 'http://localhost'), init), { ...env, DB: recordingD1(env.DB, log) }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, statements: log };
}

const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

/** Rows D1 reads for each read statement (a re-run of each; reads are deterministic). */
export async function rowsReadBy(statements: Recorded[]): Promise<{ sql: string; rows: number }[]> {
  const out: { sql: string; rows: number }[] = [];
  for (const s of statements.filter((x) => isRead(x.sql))) {
    const r = await env.DB.prepare(s.sql).bind(...s.params).all();
    out.push({ sql: s.sql, rows: r.meta.rows_read ?? 0 });
  }
  return out;
}

export async function rowsRead(statements: Recorded[]): Promise<number> {
  return (await rowsReadBy(statements)).reduce((sum, s) => sum + s.rows, 0);
}

export interface PlanStep {
  sql: string;
  detail: string;
}

export async function plans(statements: Recorded[]): Promise<PlanStep[][]> {
  const out: PlanStep[][] = [];
  for (const s of statements.filter((x) => isRead(x.sql))) {
    const r = await env.DB.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).bind(...s.params).all<{ detail: string }>();
    out.push(r.results.map((row) => ({ sql: s.sql, detail: row.detail })));
  }
  return out;
}

/** Tables that grow with the data; a plan may not walk one of them without an index. */
export const LARGE_TABLES = [
  'closures',
  'closure_company_types',
  'closure_company_tracks',
  'closure_company_albums',
  'closure_company_tags',
  'closure_teams',
  'closure_investors',
  'closure_firm_stats',
  'comments',
  'incense_records',
  'news',
  'users',
  'invest_firms',
  'coin_ledger',
  'sessions',
  'memberships',
];

/**
 * Plan steps that read a large table from end to end without an index ("SCAN closures",
 * "SCAN c" for an alias of one). Aliases are resolved from the statement's FROM/JOIN clauses.
 */
export function fullScans(steps: PlanStep[]): PlanStep[] {
  return steps.filter((step) => {
    const m = /^SCAN (\w+)(.*)$/.exec(step.detail);
    if (!m || /USING (COVERING )?INDEX|VIRTUAL TABLE/.test(m[2])) return false;
    const name = m[1];
    if (LARGE_TABLES.includes(name)) return true;
    const alias = new RegExp(`["\`]?(\\w+)["\`]?\\s+(?:as\\s+)?["\`]?${name}["\`]?(?=\\s|$|,)`, 'i').exec(step.sql);
    return alias !== null && LARGE_TABLES.includes(alias[1]);
  });
}

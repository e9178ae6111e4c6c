/**
 * Shaped statements (lib/shaped.ts): a statement's text is built once per isolate per shape key and
 * each request binds its own values. What would break a user's page if it went wrong: another
 * request's values leaking into the kept text, rows decoded differently from drizzle's own reads,
 * or two columns of one name silently collapsing in a batch.
 */
import { env } from 'cloudflare:test';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { drizzleDb, sectors } from '../../../worker/src/db';
import { ph, runShaped, shapedParts, shapedSelect, shapedSql } from '../../../worker/src/lib/shaped';
import { recordingD1, roundTrips, type Recorded } from '../query-recorder';

const log: Recorded[] = [];
const db = drizzleDb(recordingD1(env.DB, log));

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("INSERT OR REPLACE INTO sectors (id, parent_id, name) VALUES (9801, 0, '形状甲'), (980101, 9801, '形状甲一'), (980102, 9801, '形状甲二')"),
    env.DB.prepare("INSERT OR REPLACE INTO sectors (id, parent_id, name) VALUES (9802, 0, '形状乙'), (980201, 9802, '形状乙一')"),
  ]);
});

describe('shaped statements', () => {
  it('builds the text once per key and binds each call its own values', async () => {
    let builds = 0;
    const children = (parent: number) =>
      shapedSelect(
        db,
        'test.children',
        () => {
          builds++;
          return db.select({ id: sectors.id, name: sectors.name }).from(sectors).where(eq(sectors.parentId, ph('parent'))).orderBy(asc(sectors.id));
        },
        { parent },
      );
    const [a] = await runShaped(db, [children(9801)] as const);
    const [b] = await runShaped(db, [children(9802)] as const);
    const [again] = await runShaped(db, [children(9801)] as const);
    expect(a).toEqual([
      { id: 980101, name: '形状甲一' },
      { id: 980102, name: '形状甲二' },
    ]);
    expect(b).toEqual([{ id: 980201, name: '形状乙一' }]);
    expect(again).toEqual(a);
    expect(builds).toBe(1);
  });

  it('reads several statements in one round trip, rows equal to drizzle reading them itself', async () => {
    log.length = 0;
    const byName = (name: string) =>
      shapedSelect(db, 'test.byName', () => db.select({ id: sectors.id, parent: sectors.parentId }).from(sectors).where(eq(sectors.name, ph('name'))), { name });
    const count = shapedSql<{ n: number }>(db, 'test.count', () => sql`SELECT count(*) AS n FROM ${sectors} WHERE ${sectors.parentId} = ${ph('parent')}`, { parent: 9801 });
    const [x, y, n] = await runShaped(db, [byName('形状甲二'), byName('形状乙'), count] as const);
    expect(roundTrips(log)).toBe(1);
    expect(x).toEqual(await db.select({ id: sectors.id, parent: sectors.parentId }).from(sectors).where(eq(sectors.name, '形状甲二')));
    expect(y).toEqual([{ id: 9802, parent: 0 }]);
    expect(n).toEqual([{ n: 2 }]);
  });

  it("decodes a selected SQL expression with its mapWith, as drizzle's own select does", async () => {
    const q = () => db.select({ twice: sql`${sectors.id} || ''`.mapWith(Number) }).from(sectors).where(eq(sectors.id, ph('id')));
    const [rows] = await runShaped(db, [shapedSelect(db, 'test.decode', q, { id: 9801 })] as const);
    expect(rows).toEqual([{ twice: 9801 }]);
    expect(typeof rows[0].twice).toBe('number');
  });

  it('refuses a batch whose columns share a name instead of returning collapsed rows', async () => {
    const q = () =>
      db
        .select({ child: sectors.id, parent: sql<number>`p.id` })
        .from(sectors)
        .innerJoin(sql`sectors p`, sql`p.id = ${sectors.parentId}`)
        .where(eq(sectors.id, ph('id')));
    const one = shapedSelect(db, 'test.collapse', q, { id: 980101 });
    const other = shapedSelect(db, 'test.collapse', q, { id: 980201 });
    await expect(runShaped(db, [one, other] as const)).rejects.toThrow(/named apart/);
  });

  it('reads parts of one selection in one statement, each row tagged with its part and the total beside it', async () => {
    log.length = 0;
    const children = (order: 'asc' | 'desc') =>
      db
        .select({ id: sectors.id, name: sectors.name })
        .from(sectors)
        .where(eq(sectors.parentId, ph('parent')))
        .orderBy(order === 'asc' ? asc(sectors.id) : sql`${sectors.id} DESC`)
        .limit(ph('limit'));
    const read = (parent: number, limit: number) =>
      runShaped(db, [
        shapedParts(db, 'test.parts', () => ({ parts: [children('asc'), children('desc')], total: sql`(SELECT count(*) FROM ${sectors} WHERE ${sectors.parentId} = ${ph('parent')})` }), {
          parent,
          limit,
        }),
      ] as const);
    const [rows] = await read(9801, 1);
    expect(log).toHaveLength(1);
    expect(rows.map((r) => [r.part, r.total, r.row?.id]).sort()).toEqual([
      [0, 2, 980101],
      [1, 2, 980102],
    ]);
    // No part has rows: the total alone, on one row of no part.
    const [none] = await read(9801, 0);
    expect(none).toEqual([{ part: null, total: 2, row: null }]);
    const [other] = await read(9802, 5);
    expect(other.map((r) => [r.part, r.total, r.row?.name])).toEqual([
      [0, 1, '形状乙一'],
      [1, 1, '形状乙一'],
    ]);
  });

  it('holds up to 25 parts in one statement (D1 allows 5 terms per compound SELECT: groups of 5), in part order', async () => {
    // perId's shape: one seek per id; 12 ids, some missing, one repeated.
    const ids = [980102, 9801, 1, 980201, 9802, 980101, 2, 980102, 9801, 3, 980201, 9802];
    const seek = (i: number) => db.select({ id: sectors.id, name: sectors.name }).from(sectors).where(eq(sectors.id, ph(`id${i}`)));
    const values = Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));
    log.length = 0;
    const [rows] = await runShaped(db, [shapedParts(db, 'test.parts.12', () => ({ parts: ids.map((_, i) => seek(i)) }), values)] as const);
    expect(log).toHaveLength(1);
    const names = new Map([[980102, '形状甲二'], [9801, '形状甲'], [980201, '形状乙一'], [9802, '形状乙'], [980101, '形状甲一']]);
    const got = rows.flatMap((r) => (r.part === null ? [] : [[r.part, r.row.id, r.row.name]])).sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(got).toEqual(ids.flatMap((id, i) => (names.has(id) ? [[i, id, names.get(id)]] : [])));
    expect(() => shapedParts(db, 'test.parts.26', () => ({ parts: Array.from({ length: 26 }, (_, i) => seek(i)) }), {})).toThrow(/26 parts, at most 25/);
  });

  it('throws when a placeholder has no value, before anything runs', () => {
    const q = () => db.select({ id: sectors.id }).from(sectors).where(eq(sectors.parentId, ph('parent')));
    expect(() => shapedSelect(db, 'test.missing', q, {})).toThrow(/placeholder/i);
  });
});

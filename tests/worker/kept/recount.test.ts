/**
 * Every kept list declared in worker/src/db/kept stays equal to a fresh count of its sources (the
 * recount the declaration generates, summed per key) after its sample rows go in, after the columns
 * its keys read move between rows, after rows are deleted and after they are inserted again; and
 * `npm run db:kept -- --rebuild`'s statements give the same rows. Every packed range refuses a value
 * past its span with the generated message instead of writing a key that collides.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEPT_LISTS, KEPT_PACKINGS } from '../../../worker/src/db/kept/index.ts';
import { joinedColumns, keptRowsSql, rebuildSql, watchedColumns } from '../../../worker/src/db/kept/sql.ts';
import type { KeptList } from '../../../worker/src/db/kept/shape.ts';
import { compareKept } from './exact';
import { SAMPLES } from './samples';

type Row = Record<string, unknown>;

const compare = compareKept;

async function expectRecount(list: KeptList, when: string) {
  const { kept, fresh } = await compare(list);
  expect(Object.keys(fresh).length, `${list.table}: the sample gives no rows ${when}`).toBeGreaterThan(0);
  expect(kept, `${list.table} ${when}`).toEqual(fresh);
}

/** The primary key columns of a table (rowid when it has none of its own). */
async function primaryKey(table: string): Promise<string[]> {
  const cols = (await env.DB.prepare(`PRAGMA table_info(\`${table}\`)`).all<{ name: string; pk: number }>()).results;
  const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
  return pk.length ? pk : ['rowid'];
}

/** The stored (not generated) columns of a table. */
async function storedColumns(table: string): Promise<string[]> {
  return (await env.DB.prepare(`PRAGMA table_info(\`${table}\`)`).all<{ name: string }>()).results.map((c) => c.name);
}

const where = (pk: string[]) => pk.map((c) => `\`${c}\` = ?`).join(' AND ');

/**
 * Moves the values of `columns` one row along among the first rows of the table. A key column that
 * cannot take another row's value (unique) takes a new one past the largest instead.
 */
async function rotate(table: string, columns: string[]) {
  const pk = await primaryKey(table);
  const keyOf = (r: Row) => pk.map((c) => r[c]);
  for (const col of columns) {
    const rows = (await env.DB.prepare(`SELECT ${pk.map((c) => `\`${c}\``).join(', ')}, \`${col}\` AS v FROM \`${table}\` ORDER BY ${pk.map((c) => `\`${c}\``).join(', ')} LIMIT 12`).all<Row>()).results;
    const set = (v: unknown, r: Row) => env.DB.prepare(`UPDATE \`${table}\` SET \`${col}\` = ? WHERE ${where(pk)}`).bind(v, ...keyOf(r)).run();
    let moved = 0;
    let varied = false;
    for (let i = 0; i < rows.length; i++) {
      const next = rows[(i + 1) % rows.length].v;
      if (next === rows[i].v) continue;
      varied = true;
      try {
        await set(next, rows[i]);
        moved++;
      } catch (e) {
        if (!/UNIQUE constraint failed/.test(String(e))) throw e;
      }
    }
    if (varied && !moved) {
      const top = await env.DB.prepare(`SELECT max(\`${col}\`) AS m FROM \`${table}\``).first<{ m: number }>();
      await set(top!.m + 1, rows[0]);
      moved++;
    }
    // A column every sample row holds the same value of (a CHECK allows one) has nothing to move.
    if (varied) expect(moved, `${table}.${col}: no row moved`).toBeGreaterThan(0);
  }
}

/** Deletes a few rows, runs `between`, then inserts them again as they were. */
async function deleteAndRestore(table: string, between: () => Promise<void>) {
  const pk = await primaryKey(table);
  const cols = await storedColumns(table);
  const picked = [...new Set([...pk, ...cols])];
  const rows = (await env.DB.prepare(`SELECT ${picked.map((c) => `\`${c}\``).join(', ')} FROM \`${table}\` ORDER BY ${pk.map((c) => `\`${c}\``).join(', ')} DESC LIMIT 5`).all<Row>()).results;
  expect(rows.length, `${table}: no sample rows`).toBeGreaterThan(0);
  await env.DB.batch(rows.map((r) => env.DB.prepare(`DELETE FROM \`${table}\` WHERE ${where(pk)}`).bind(...pk.map((c) => r[c]))));
  await between();
  const marks = cols.map(() => '?').join(', ');
  await env.DB.batch(rows.map((r) => env.DB.prepare(`INSERT INTO \`${table}\` (${cols.map((c) => `\`${c}\``).join(', ')}) VALUES (${marks})`).bind(...cols.map((c) => r[c]))));
}

beforeAll(async () => {
  const fills = new Set<() => Promise<unknown>>();
  for (const list of KEPT_LISTS)
    for (const src of list.sources)
      for (const table of [src.table, ...(src.join ? [src.join.table] : [])]) {
        const fill = SAMPLES[table];
        if (!fill) throw new Error(`tests/worker/kept/samples.ts has no sample rows for ${table} (${list.table}/${src.name})`);
        fills.add(fill);
      }
  for (const p of KEPT_PACKINGS) if (!SAMPLES[p.table]) throw new Error(`tests/worker/kept/samples.ts has no sample rows for ${p.table}`);
  for (const fill of fills) await fill();
});

describe.each(KEPT_LISTS.map((l) => [l.table, l] as const))('kept list %s', (_, list) => {
  it('equals a fresh count of its sources after inserts, updates and deletes on each of them', async () => {
    await expectRecount(list, 'after the sample rows went in');
    // A join source moves on both sides: its own table, then the joined one.
    const sides = list.sources.flatMap((src) => [
      { src, table: src.table, columns: watchedColumns(src) },
      ...(src.join ? [{ src, table: src.join.table, columns: joinedColumns(src) }] : []),
    ]);
    for (const { src, table, columns } of sides) {
      await rotate(table, columns);
      await expectRecount(list, `after ${table}.${columns.join('/')} moved between rows (${src.name})`);
      await deleteAndRestore(table, () => expectRecount(list, `after rows of ${table} were deleted (${src.name})`));
      await expectRecount(list, `after rows of ${table} were inserted again (${src.name})`);
    }
  });

  it('is rebuilt from its sources to the same rows', async () => {
    const before = await compare(list);
    // A kept row knocked off its count (a mirror's row deleted) first, so the rebuild has something to repair.
    const first = await env.DB.prepare(`${keptRowsSql(list)} LIMIT 1`).first<Row>();
    const n = `\`${list.count ?? 'n'}\``;
    const at = `WHERE ${list.columns.map((c) => `\`${c}\` = ?`).join(' AND ')}`;
    await env.DB.prepare(list.mirror ? `DELETE FROM \`${list.table}\` ${at}` : `UPDATE \`${list.table}\` SET ${n} = ${n} + 7 ${at}`)
      .bind(...list.columns.map((c) => first![c]))
      .run();
    expect((await compare(list)).kept).not.toEqual(before.fresh);
    await env.DB.batch(rebuildSql(list).map((s) => env.DB.prepare(s)));
    const after = await compare(list);
    expect(after.kept).toEqual(before.fresh);
    expect(after.fresh).toEqual(before.fresh);
  });
});

describe.each(KEPT_PACKINGS.map((p) => [p.name, p] as const))('packed range of %s', (_, p) => {
  it.each(p.ranges.map((r) => [r.column, r] as const))('%s past its span fails loudly and changes nothing', async (_col, r) => {
    const pk = await primaryKey(p.table);
    const row = await env.DB.prepare(`SELECT ${pk.map((c) => `\`${c}\``).join(', ')}, \`${r.column}\` AS v FROM \`${p.table}\` ORDER BY 1 LIMIT 1`).first<Row>();
    const set = (v: number) => env.DB.prepare(`UPDATE \`${p.table}\` SET \`${r.column}\` = ? WHERE ${where(pk)}`).bind(v, ...pk.map((c) => row![c]));
    const lists = KEPT_LISTS.filter((l) => l.sources.some((s) => s.table === p.table));
    const before = await Promise.all(lists.map(compare));
    for (const bad of [r.max + 1, r.min - 1]) await expect(set(bad).run()).rejects.toThrow(`${p.table}.${r.column} 超出打包范围 ${r.min}..${r.max}`);
    expect(await env.DB.prepare(`SELECT \`${r.column}\` AS v FROM \`${p.table}\` WHERE ${where(pk)}`).bind(...pk.map((c) => row![c])).first<Row>()).toEqual({ v: row!.v });
    expect(await Promise.all(lists.map(compare))).toEqual(before);
    // The edge of the span itself is written (and put back, found by its new key when the column is one).
    await set(r.max).run();
    const moved = pk.map((c) => (c === r.column ? r.max : row![c]));
    await env.DB.prepare(`UPDATE \`${p.table}\` SET \`${r.column}\` = ? WHERE ${where(pk)}`).bind(row!.v, ...moved).run();
  });
});

describe('a closed company past the packed id span', () => {
  it('is refused on insert with the span in the message, and the list total does not move', async () => {
    const total = () => env.DB.prepare("SELECT n FROM closure_counts WHERE dim = 'all' AND key = ''").first<{ n: number }>();
    const before = await total();
    const insert = (id: number) =>
      env.DB.prepare(
        `INSERT INTO closures (com_id, com_name, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date, operating_status)
         VALUES (?, ?, '北京', 9100, 9101, 1, 20150101, 20200101, '已关闭')`,
      ).bind(id, `打包上限公司${id}`);
    await expect(insert(10_000_000).run()).rejects.toThrow('closures.com_id 超出打包范围 0..9999999');
    expect(await total()).toEqual(before);
    await insert(9_999_999).run();
    expect(await total()).toEqual({ n: before!.n + 1 });
  });
});

describe('the upserts of every trigger', () => {
  // Renaming a table in SQLite's default mode rewrites an upsert's excluded.`n` inside a trigger into
  // the renamed table's own `n`: every write would then double the kept row instead of adding to it.
  it('add the written row (excluded) to the kept row, never the kept row to itself', async () => {
    const triggers = (await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all<{ name: string; sql: string }>()).results;
    const upserts = triggers.flatMap((t) =>
      t.sql.split(';').flatMap((stmt) => {
        const into = /INSERT\s+(?:OR\s+\w+\s+)?INTO\s+[`"]?(\w+)[`"]?/i.exec(stmt);
        const set = /\bDO\s+UPDATE\s+SET\b([\s\S]*)$/i.exec(stmt);
        return into && set ? [{ trigger: t.name, table: into[1], set: set[1] }] : [];
      }),
    );
    expect(upserts.map((u) => u.table)).toContain('list_day_counts');
    const selfAdding = upserts.filter((u) => new RegExp(`(?:^|[^\\w.])[\`"]?${u.table}[\`"]?\\.`, 'i').test(u.set)).map((u) => u.trigger);
    expect(selfAdding).toEqual([]);
  });
});

/**
 * The kept reference names (lib/names.ts): list rows show sector, round and review-state names by
 * id without a D1 round trip per page, and still see new and renamed rows.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { drizzleDb } from '../../../worker/src/db';
import { forgetNames, keptTables, namesOf, NAMES_TTL_MS } from '../../../worker/src/lib/names';
import { recordingD1, roundTrips, type Recorded } from '../query-recorder';

const log: Recorded[] = [];
const db = drizzleDb(recordingD1(env.DB, log));
const T = Date.UTC(2026, 10, 23, 2);

beforeEach(async () => {
  forgetNames();
  log.length = 0;
  await env.DB.batch([
    env.DB.prepare("INSERT OR REPLACE INTO sectors (id, parent_id, name) VALUES (9901, 0, '名称测试'), (990101, 9901, '名称子类')"),
    env.DB.prepare("INSERT OR REPLACE INTO rounds (id, name) VALUES (91, '名称测试轮')"),
    env.DB.prepare("INSERT OR REPLACE INTO starmarket_states (id, name, sort) VALUES (91, '名称测试状态', 91)"),
    env.DB.prepare('DELETE FROM sectors WHERE id = 990102'),
    env.DB.prepare("INSERT OR REPLACE INTO medical_tags (id, p_id, name, \"desc\") VALUES (9901, 0, '名称测试领域', ''), (990101, 9901, '名称测试标签', '')"),
  ]);
});

describe('reference names kept per isolate', () => {
  it('reads every table it needs in one round trip, then none while they are fresh', async () => {
    const first = await namesOf(db, { sectors: [9901, 990101], rounds: [91], starmarket_states: [91] }, T);
    expect(first.sectors.get(9901)).toBe('名称测试');
    expect(first.sectors.get(990101)).toBe('名称子类');
    expect(first.rounds.get(91)).toBe('名称测试轮');
    expect(first.starmarket_states.get(91)).toBe('名称测试状态');
    // One batch of three statements.
    expect(log).toHaveLength(3);
    expect(roundTrips(log)).toBe(1);
    log.length = 0;
    const again = await namesOf(db, { sectors: [990101], rounds: [91] }, T + 5 * 60_000);
    expect(again.sectors.get(990101)).toBe('名称子类');
    expect(log).toHaveLength(0);
  });

  it("keeps each row's parent with its name (an atlas tag's field; 0 for a field and for tables without parents)", async () => {
    const { medical_tags: tags, sectors: secs, rounds: rnds } = await keptTables(db, { medical_tags: [990101], sectors: [990101], rounds: [91] }, T);
    expect([tags.names.get(990101), tags.parents.get(990101), tags.parents.get(9901)]).toEqual(['名称测试标签', 9901, 0]);
    expect([secs.parents.get(990101), secs.parents.get(9901)]).toEqual([9901, 0]);
    expect([rnds.names.get(91), rnds.parents.get(91)]).toEqual(['名称测试轮', 0]);
    expect(roundTrips(log)).toBe(1);
  });

  it('a sector added after the read appears on the next page that needs it (not more than one read a minute for an id with no row)', async () => {
    await namesOf(db, { sectors: [9901] }, T);
    await env.DB.prepare("INSERT INTO sectors (id, parent_id, name) VALUES (990102, 9901, '新增子类')").run();
    log.length = 0;
    // Within the minute a missing id does not read the table again.
    expect((await namesOf(db, { sectors: [990102] }, T + 30_000)).sectors.get(990102)).toBeUndefined();
    expect(log).toHaveLength(0);
    expect((await namesOf(db, { sectors: [990102] }, T + 61_000)).sectors.get(990102)).toBe('新增子类');
    expect(log).toHaveLength(1);
  });

  it('a rename shows once the kept read is older than its ten minutes', async () => {
    await namesOf(db, { rounds: [91] }, T);
    await env.DB.prepare("UPDATE rounds SET name = '改名轮' WHERE id = 91").run();
    expect((await namesOf(db, { rounds: [91] }, T + NAMES_TTL_MS - 1)).rounds.get(91)).toBe('名称测试轮');
    expect((await namesOf(db, { rounds: [91] }, T + NAMES_TTL_MS)).rounds.get(91)).toBe('改名轮');
  });
});

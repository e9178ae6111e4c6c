/**
 * A few rows of every source table a kept declaration counts, varied along the columns its keys
 * read (several provinces, sectors, rounds, years; two reasons of one parent; news in and out of
 * the closed-company list; top-level comments and replies). The recount tests need rows to move;
 * a declaration over a table with no sample here fails until one is added.
 */
import { env } from 'cloudflare:test';
import { baseTaxonomy, makeAlbum, makeClosures, makeNews, makeReasons, makeTrack, SECTOR } from '../closure/fixtures';

const PROVS = ['北京', '上海', '广东'];

async function closures() {
  await baseTaxonomy();
  const { parent, children } = await makeReasons(2);
  const other = await makeReasons(1);
  const tracks = [await makeTrack(), await makeTrack()];
  const albums = [await makeAlbum(), await makeAlbum()];
  const ids = await makeClosures(
    Array.from({ length: 24 }, (_, i) => ({
      prov: PROVS[i % 3],
      catId: i % 2 ? SECTOR.shop : SECTOR.finance,
      fundStatusId: 1 + (i % 3),
      close: 20150101 + (i % 6) * 10000 + (i % 5) * 100,
      reasons: i % 4 === 0 ? [{ id: children[0], pId: parent }, { id: children[1], pId: parent }] : [{ id: i % 3 ? children[1] : other.children[0], pId: i % 3 ? parent : other.parent }],
      tracks: i % 2 ? [tracks[i % 4 < 2 ? 0 : 1]] : [],
      albums: i % 3 ? [albums[i % 2]] : albums,
    })),
  );
  return ids;
}

async function news() {
  for (let i = 0; i < 12; i++) await makeNews({ prov: PROVS[i % 3], date: 20190101 + i * 100, isClosure: i % 3 ? 1 : 0 });
}

async function comments() {
  const stmts = [];
  for (let i = 0; i < 16; i++)
    stmts.push(
      env.DB.prepare(
        "INSERT INTO comments (target_type, target_id, user_id, comment_type, parent_id, content, created_at) VALUES (?, ?, 1, ?, 0, '样例评论', ?)",
      ).bind(i % 2 ? 'com' : 'reason', 7000 + (i % 3), i % 4 === 3 ? 2 : 1, 1_700_000_000_000 + i),
    );
  await env.DB.batch(stmts);
}

async function incense() {
  const stmts = [];
  for (let i = 0; i < 16; i++)
    stmts.push(
      env.DB.prepare('INSERT INTO incense_records (type, item_id, user_id, amount, created_at) VALUES (?, ?, 1, 1, ?)').bind(1 + (i % 2), 7000 + (i % 4), 1_700_000_000_000 + i),
    );
  await env.DB.batch(stmts);
}

/** Fills each source table once (several tables share a fill). */
export const SAMPLES: Record<string, () => Promise<unknown>> = {
  closures,
  closure_company_types: closures,
  closure_company_tracks: closures,
  closure_company_albums: closures,
  news,
  comments,
  incense_records: incense,
};


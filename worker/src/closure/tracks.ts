/**
 * Tracks (赛道) and albums (专辑) of closed companies: the side lists, their company lists and
 * the two pie charts of the track/album page, read from statistics kept by triggers.
 */
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { closureAlbums, closureCompanyAlbums, closureCompanyTracks, closureItemStats, closureTracks, closureTypes } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { pageWindow } from '../db/kept/read.ts';
import { countQuery } from './counts';
import { hydrateClosures, type ClosureRow } from './rows';

export const listTracks = (db: Db) =>
  db.select({ tag_id: closureTracks.tagId, tag_name: closureTracks.tagName }).from(closureTracks).orderBy(asc(closureTracks.sort), asc(closureTracks.tagId));

export const listAlbums = (db: Db) =>
  db
    .select({ album_id: closureAlbums.albumId, album_name: closureAlbums.albumName, des: closureAlbums.des })
    .from(closureAlbums)
    .orderBy(asc(closureAlbums.sort), asc(closureAlbums.albumId));

export type Collection = 'track' | 'album';

/** The link table of a track or an album, seen through the same three columns. */
const link = (kind: Collection) =>
  kind === 'track'
    ? { table: closureCompanyTracks, comId: closureCompanyTracks.comId, itemId: closureCompanyTracks.tagId, closeDate: closureCompanyTracks.closeDate }
    : { table: closureCompanyAlbums, comId: closureCompanyAlbums.comId, itemId: closureCompanyAlbums.albumId, closeDate: closureCompanyAlbums.closeDate };

async function requireItem(db: Db, kind: Collection, id: number) {
  const row =
    kind === 'track'
      ? await db.select({ id: closureTracks.tagId }).from(closureTracks).where(eq(closureTracks.tagId, id)).get()
      : await db.select({ id: closureAlbums.albumId }).from(closureAlbums).where(eq(closureAlbums.albumId, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', kind === 'track' ? '该赛道不存在' : '该专辑不存在');
}

/** The failed-company list of a track or album, latest closing first. */
export async function collectionCompanies(
  db: Db,
  kind: Collection,
  p: { item_id: number; page: number; per_page: number },
): Promise<{ info: ClosureRow[]; total: number }> {
  await requireItem(db, kind, p.item_id);
  const l = link(kind);
  // The total is the kept count; a page in the far half is read from the other end.
  const total = (await countQuery(db, kind, p.item_id))[0]?.n ?? 0;
  const w = pageWindow(p.page, p.per_page, total);
  const idRows = w.limit
    ? await db
        .select({ id: l.comId })
        .from(l.table)
        .where(eq(l.itemId, p.item_id))
        .orderBy(...(w.reverse ? [asc(l.closeDate), asc(l.comId)] : [desc(l.closeDate), desc(l.comId)]))
        .limit(w.limit)
        .offset(w.offset)
    : [];
  if (w.reverse) idRows.reverse();
  return { info: await hydrateClosures(db, idRows.map((r) => r.id)), total };
}

export interface Slice {
  name: string;
  value: number;
  /** Share of the chart, percent with 2 decimals. */
  percent: number;
}

const withPercent = (rows: { name: string; value: number }[]): Slice[] => {
  const sum = rows.reduce((s, r) => s + r.value, 0);
  return rows.map((r) => ({ ...r, percent: sum ? Math.round((r.value * 10000) / sum) / 100 : 0 }));
};

/** The kept statistics rows of one item and dimension (closure_item_stats, kept by triggers). */
const itemStats = (db: Db, kind: Collection, itemId: number, dim: 'status' | 'type' | 'ptype') =>
  db
    .select({ key: closureItemStats.key, n: closureItemStats.n })
    .from(closureItemStats)
    .where(and(eq(closureItemStats.kind, kind), eq(closureItemStats.itemId, itemId), eq(closureItemStats.dim, dim), gt(closureItemStats.n, 0)));

/**
 * Closing-reason distribution of a track: one slice per parent reason (companies of the track
 * with any of its children), largest first, with the children's counts for the tooltip.
 * A company with reasons under two parents counts in both slices. Read from the kept statistics
 * (a row per reason of the track), not from the track's companies.
 */
export async function trackReasonStatistics(db: Db, tagId: number): Promise<(Slice & { id: number; children: { id: number; name: string; value: number }[] })[]> {
  await requireItem(db, 'track', tagId);
  const [parentRows, childRows] = await db.batch([itemStats(db, 'track', tagId, 'ptype'), itemStats(db, 'track', tagId, 'type')]);
  const childIds = childRows.map((c) => Number(c.key));
  const ids = [...parentRows.map((p) => Number(p.key)), ...childIds];
  const types = ids.length
    ? await db.select({ id: closureTypes.id, pId: closureTypes.pId, name: closureTypes.name }).from(closureTypes).where(inArray(closureTypes.id, ids))
    : [];
  const byId = new Map(types.map((t) => [t.id, t]));
  const parents = parentRows.map((p) => ({ id: Number(p.key), value: p.n })).sort((a, b) => b.value - a.value || a.id - b.id);
  const slices = withPercent(parents.map((p) => ({ name: byId.get(p.id)?.name ?? String(p.id), value: p.value })));
  return slices.map((s, i) => ({
    id: parents[i].id,
    ...s,
    children: childRows
      .map((c) => ({ id: Number(c.key), value: c.n }))
      .filter((c) => byId.get(c.id)?.pId === parents[i].id)
      .map((c) => ({ id: c.id, name: byId.get(c.id)?.name ?? String(c.id), value: c.value }))
      .sort((a, b) => b.value - a.value || a.id - b.id),
  }));
}

/** Operating-status distribution (运营状态) of a track or an album, from the kept statistics. */
export async function statusStatistics(db: Db, kind: Collection, itemId: number): Promise<Slice[]> {
  await requireItem(db, kind, itemId);
  const rows = (await itemStats(db, kind, itemId, 'status')).map((r) => ({ name: r.key, value: r.n }));
  return withPercent(rows.sort((a, b) => b.value - a.value || a.name.localeCompare(b.name)));
}

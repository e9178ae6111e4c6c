/**
 * Tracks (赛道) and albums (专辑) of closed companies: the side lists, their company lists and
 * the two pie charts of the track/album page, computed from the rows on each request.
 */
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { closureAlbums, closureCompanyAlbums, closureCompanyTracks, closureCompanyTypes, closures, closureTracks, closureTypes } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
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
  const [idRows, countRows] = await db.batch([
    db
      .select({ id: l.comId })
      .from(l.table)
      .where(eq(l.itemId, p.item_id))
      .orderBy(desc(l.closeDate), desc(l.comId))
      .limit(p.per_page)
      .offset(offsetOf(p.page, p.per_page)),
    countQuery(db, kind, p.item_id),
  ]);
  return { info: await hydrateClosures(db, idRows.map((r) => r.id)), total: countRows[0]?.n ?? 0 };
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

/**
 * Closing-reason distribution of a track: one slice per parent reason (companies of the track
 * with any of its children), largest first, with the children's counts for the tooltip.
 * A company with reasons under two parents counts in both slices.
 */
export async function trackReasonStatistics(db: Db, tagId: number): Promise<(Slice & { id: number; children: { id: number; name: string; value: number }[] })[]> {
  await requireItem(db, 'track', tagId);
  // One pass from the track's companies (its index range) to their reasons (primary key by com_id).
  const links = await db
    .select({ comId: closureCompanyTypes.comId, typeId: closureCompanyTypes.typeId, pId: closureCompanyTypes.pId })
    .from(closureCompanyTracks)
    .innerJoin(closureCompanyTypes, eq(closureCompanyTypes.comId, closureCompanyTracks.comId))
    .where(eq(closureCompanyTracks.tagId, tagId));
  const companiesOfParent = new Map<number, Set<number>>();
  const childCount = new Map<number, { pId: number; value: number }>();
  for (const l of links) {
    const set = companiesOfParent.get(l.pId) ?? new Set<number>();
    set.add(l.comId);
    companiesOfParent.set(l.pId, set);
    const child = childCount.get(l.typeId) ?? { pId: l.pId, value: 0 };
    child.value += 1;
    childCount.set(l.typeId, child);
  }
  const ids = [...companiesOfParent.keys(), ...childCount.keys()];
  const names = new Map(
    ids.length ? (await db.select({ id: closureTypes.id, name: closureTypes.name }).from(closureTypes).where(inArray(closureTypes.id, ids))).map((t) => [t.id, t.name]) : [],
  );
  const parents = [...companiesOfParent].map(([id, set]) => ({ id, value: set.size })).sort((a, b) => b.value - a.value || a.id - b.id);
  const slices = withPercent(parents.map((p) => ({ name: names.get(p.id) ?? String(p.id), value: p.value })));
  return slices.map((s, i) => ({
    id: parents[i].id,
    ...s,
    children: [...childCount]
      .filter(([, c]) => c.pId === parents[i].id)
      .map(([id, c]) => ({ id, name: names.get(id) ?? String(id), value: c.value }))
      .sort((a, b) => b.value - a.value || a.id - b.id),
  }));
}

/** Operating-status distribution (运营状态) of a track or an album. */
export async function statusStatistics(db: Db, kind: Collection, itemId: number): Promise<Slice[]> {
  await requireItem(db, kind, itemId);
  const l = link(kind);
  const rows = await db
    .select({ name: closures.operatingStatus, value: count() })
    .from(l.table)
    .innerJoin(closures, eq(closures.comId, l.comId))
    .where(eq(l.itemId, itemId))
    .groupBy(closures.operatingStatus);
  return withPercent(rows.sort((a, b) => b.value - a.value || a.name.localeCompare(b.name)));
}

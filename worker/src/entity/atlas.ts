/**
 * /atlas/{tagId}: a tag of the healthcare industry atlas (medical_tags) with its companies and events,
 * the public counterpart of the members' tag page /health/{tagId}. A parent tag's companies include
 * its children's (the seed tags each company with both, see scripts/seed/medical-tags.ts).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { atlasTagCompanies as atc, atlasTagStats, companies, entityDayCounts as dc, medicalTags, rounds } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { pageWindow } from '../lib/pagination';
import { countOf, countQuery } from '../medical/kept';
import { ENTITY_PAGE_SIZE } from './constants';
import { eventListKey } from './events';

/** The id of the atlas tag with this name, or null when no tag has it (a list filtered by it is empty). */
export async function tagIdByName(db: Db, name: string): Promise<number | null> {
  // medical_tags is the atlas: a few dozen rows.
  const row = await db.select({ id: medicalTags.id }).from(medicalTags).where(eq(medicalTags.name, name)).orderBy(asc(medicalTags.id)).get();
  return row?.id ?? null;
}

export async function requireTag(db: Db, id: number) {
  const tag = await db.select().from(medicalTags).where(eq(medicalTags.id, id)).get();
  if (!tag) throw new ApiError('NOT_FOUND', '该标签不存在');
  return tag;
}

/** The tag's company count (medical_counts 'tag_com', kept by the healthcare area's triggers). */
const tagComCount = async (db: Db, tagId: number) => countOf(await countQuery(db, 'tag_com', tagId));

export async function atlasDetail(db: Db, id: number) {
  const tag = await requireTag(db, id);
  // Counts and the money sum from kept rows: medical_counts, atlas_tag_stats, entity_day_counts 't:<tag>'.
  const [[parent, children, money, events], comCount] = await Promise.all([
    db.batch([
      db.select({ id: medicalTags.id, name: medicalTags.name }).from(medicalTags).where(eq(medicalTags.id, tag.pId)),
      db
        .select({ id: medicalTags.id, name: medicalTags.name })
        .from(medicalTags)
        .where(eq(medicalTags.pId, tag.pId === 0 ? tag.id : -1))
        .orderBy(asc(medicalTags.id)),
      db.select({ total: atlasTagStats.money }).from(atlasTagStats).where(eq(atlasTagStats.tagId, id)),
      db
        .select({ n: dc.n })
        .from(dc)
        .where(and(eq(dc.k, eventListKey(undefined, id)), eq(dc.level, 0), eq(dc.bucket, 0))),
    ]),
    tagComCount(db, id),
  ]);
  return {
    id: tag.id,
    name: tag.name,
    desc: tag.desc,
    parent: parent[0] ?? null,
    children,
    com_num: comCount,
    invse_num: events[0]?.n ?? 0,
    total_money: money[0]?.total ?? 0,
  };
}

/**
 * The tag's companies, biggest total funding first (ties by id). The page's ids come off the kept
 * index of atlas_tag_companies (tag_id, total_money DESC, com_id); a page in the far half is read
 * from the smallest end (pageWindow over the kept row count), so the first and last pages read what
 * they return. The total is the tag's company count, as before.
 */
export async function atlasCompanies(db: Db, id: number, page: number) {
  await requireTag(db, id);
  const [total, kept] = await Promise.all([tagComCount(db, id), db.select({ n: atlasTagStats.n }).from(atlasTagStats).where(eq(atlasTagStats.tagId, id))]);
  const w = pageWindow(page, ENTITY_PAGE_SIZE, kept[0]?.n ?? 0);
  const idRows = !w.limit
    ? []
    : await db
        .select({ id: atc.comId })
        .from(atc)
        .where(eq(atc.tagId, id))
        .orderBy(...(w.reverse ? [asc(atc.totalMoney), desc(atc.comId)] : [desc(atc.totalMoney), asc(atc.comId)]))
        .limit(w.limit)
        .offset(w.offset);
  if (w.reverse) idRows.reverse();
  const ids = idRows.map((r) => r.id);
  const rows = !ids.length
    ? []
    : await db
        .select({
          id: companies.id,
          name: companies.name,
          logo: companies.logo,
          des: sql<string>`substr(${companies.des}, 1, 80)`.as('des'),
          prov: companies.prov,
          round: sql<string | null>`${rounds.name}`.as('round_name'),
          total_money: companies.totalMoney,
        })
        .from(companies)
        .leftJoin(rounds, eq(rounds.id, companies.roundId))
        .where(inArray(companies.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    info: ids.flatMap((i) => (byId.has(i) ? [{ ...byId.get(i)!, round: byId.get(i)!.round ?? '' }] : [])),
    total,
  };
}

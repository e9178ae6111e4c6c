/**
 * /atlas/{tagId}: a tag of the healthcare industry atlas (medical_tags) with its companies and events,
 * the public counterpart of the members' tag page /health/{tagId}. A parent tag's companies include
 * its children's (the seed tags each company with both, see scripts/seed/medical-tags.ts).
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { atlasTagCompanies as atc, atlasTagStats, companies, listDayCounts as dc, medicalTags, rounds } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { inListOrder, moneyStart, type MoneyRead } from '../db/kept/read.ts';
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
  // Counts and the money sum from kept rows: medical_counts, atlas_tag_stats, list_day_counts 't:<tag>'.
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
 * index of atlas_tag_companies (tag_id, total_money DESC, com_id): a page in the far half is read
 * from the smallest end, and a deep page seeks to the amount and id it starts at, found from the
 * kept counts of entity_money_counts 't:<tag>' (moneyStart), so every page reads about what the
 * first does. The total is the tag's company count, as before.
 */
export async function atlasCompanies(db: Db, id: number, page: number) {
  await requireTag(db, id);
  const [total, kept] = await Promise.all([tagComCount(db, id), db.select({ n: atlasTagStats.n }).from(atlasTagStats).where(eq(atlasTagStats.tagId, id))]);
  const r = await moneyStart(db, `t:${id}`, 'lowerIdFirst', page, ENTITY_PAGE_SIZE, kept[0]?.n ?? 0);
  const ids = r ? inListOrder(r, await tagCompanyIds(db, id, r)) : [];
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

/**
 * A MoneyRead of the tag's company ids. From a start row (money m, id i), the rows in list order are
 * those of amount m from id i up, then those below m: two seeks of the index in one batch (one
 * index range cannot hold both, as the amount descends while the id ascends).
 */
async function tagCompanyIds(db: Db, tagId: number, r: MoneyRead): Promise<number[]> {
  const byMoney = r.reverse ? [asc(atc.totalMoney), desc(atc.comId)] : [desc(atc.totalMoney), asc(atc.comId)];
  const ids = (rows: { id: number }[]) => rows.map((x) => x.id);
  if (!r.from) {
    return ids(await db.select({ id: atc.comId }).from(atc).where(eq(atc.tagId, tagId)).orderBy(...byMoney).limit(r.limit).offset(r.offset));
  }
  const { money, id } = r.from;
  const n = r.offset + r.limit;
  const [same, next] = await db.batch([
    db
      .select({ id: atc.comId })
      .from(atc)
      .where(and(eq(atc.tagId, tagId), eq(atc.totalMoney, money), r.reverse ? lte(atc.comId, id) : gte(atc.comId, id)))
      .orderBy(r.reverse ? desc(atc.comId) : asc(atc.comId))
      .limit(n),
    db
      .select({ id: atc.comId })
      .from(atc)
      .where(and(eq(atc.tagId, tagId), r.reverse ? gt(atc.totalMoney, money) : lt(atc.totalMoney, money)))
      .orderBy(...byMoney)
      .limit(n),
  ]);
  return ids([...same, ...next]).slice(r.offset, n);
}

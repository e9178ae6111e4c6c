/**
 * /atlas/{tagId}: a tag of the healthcare industry atlas (medical_tags) with its companies and events,
 * the public counterpart of the members' tag page /health/{tagId}. A parent tag's companies include
 * its children's (the seed tags each company with both, see scripts/seed/medical-tags.ts).
 */
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { companies, investEvents as ev, medicalCompanyTags as mct, medicalTags, rounds } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
import { ENTITY_PAGE_SIZE } from './constants';

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

const tagCompanies = (db: Db, tagId: number) => db.select({ id: mct.comId }).from(mct).where(eq(mct.tagId, tagId));

export async function atlasDetail(db: Db, id: number) {
  const tag = await requireTag(db, id);
  const [parent, children, comCount, money, events] = await db.batch([
    db.select({ id: medicalTags.id, name: medicalTags.name }).from(medicalTags).where(eq(medicalTags.id, tag.pId)),
    db.select({ id: medicalTags.id, name: medicalTags.name }).from(medicalTags).where(eq(medicalTags.pId, tag.pId === 0 ? tag.id : -1)).orderBy(asc(medicalTags.id)),
    db.select({ n: count() }).from(mct).where(eq(mct.tagId, id)),
    db.select({ total: sql<number>`coalesce(sum(${companies.totalMoney}), 0)` }).from(companies).where(inArray(companies.id, tagCompanies(db, id))),
    db.select({ n: count() }).from(ev).where(inArray(ev.comId, tagCompanies(db, id))),
  ]);
  return {
    id: tag.id,
    name: tag.name,
    desc: tag.desc,
    parent: parent[0] ?? null,
    children,
    com_num: comCount[0]?.n ?? 0,
    invse_num: events[0]?.n ?? 0,
    total_money: money[0]?.total ?? 0,
  };
}

/** The tag's companies, biggest total funding first. */
export async function atlasCompanies(db: Db, id: number, page: number) {
  await requireTag(db, id);
  const [rows, total] = await db.batch([
    db
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
      .where(inArray(companies.id, tagCompanies(db, id)))
      .orderBy(desc(companies.totalMoney), asc(companies.id))
      .limit(ENTITY_PAGE_SIZE)
      .offset(offsetOf(page, ENTITY_PAGE_SIZE)),
    db.select({ n: count() }).from(mct).where(eq(mct.tagId, id)),
  ]);
  return { info: rows.map((r) => ({ ...r, round: r.round ?? '' })), total: total[0]?.n ?? 0 };
}

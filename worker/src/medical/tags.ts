/**
 * The industry atlas (产业图谱): tags, a tag's banner numbers, the area overview and the sub-field
 * choices of the financing chart.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { medicalTags } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { MEDICAL_SCOPE } from './constants';
import { countOf, countQuery, eventTotalQuery } from './kept';

export interface Tag {
  id: number;
  pId: number;
  name: string;
  desc: string;
}

export async function requireTag(db: Db, tagId: number): Promise<Tag> {
  const tag = await db.select().from(medicalTags).where(eq(medicalTags.id, tagId)).get();
  if (!tag) throw new ApiError('NOT_FOUND', '该医疗健康标签不存在', { field: 'tag_id' });
  return tag;
}

/** Banner of a tag page: company count, event count and total funding of the tag's companies (kept counts). */
export async function tagBasic(db: Db, tag: Tag) {
  const [coms, events] = await Promise.all([countQuery(db, 'tag_com', tag.id), eventTotalQuery(db, tag.id)]);
  return {
    id: tag.id,
    p_id: tag.pId,
    name: tag.name,
    desc: tag.desc,
    com_num: countOf(coms),
    invse_num: countOf(events),
    total_money: Number(events[0]?.money ?? 0),
  };
}

/** The same numbers for the whole area (/health). */
export async function areaBasic(db: Db) {
  const [coms, events] = await Promise.all([countQuery(db, 'com'), eventTotalQuery(db, 0)]);
  return {
    id: 0,
    p_id: 0,
    name: MEDICAL_SCOPE,
    desc: '医疗器械、生物技术、医药、医疗服务、医疗信息化与数字健康领域的创业公司、投融资事件与行业资讯。',
    com_num: countOf(coms),
    invse_num: countOf(events),
    total_money: Number(events[0]?.money ?? 0),
  };
}

/**
 * The atlas as a tree of fields and their tags. With a tag (a tag page) the choices narrow to it:
 * a field gives its own tags, a tag only itself.
 */
export async function scopeList(db: Db, tagId?: number) {
  const rows = await db.select().from(medicalTags).orderBy(asc(medicalTags.pId), asc(medicalTags.id));
  const node = (t: Tag) => ({
    id: t.id,
    p_id: t.pId,
    name: t.name,
    desc: t.desc,
    child: rows.filter((c) => c.pId === t.id).map((c) => ({ id: c.id, name: c.name })),
  });
  if (tagId === undefined) return rows.filter((t) => t.pId === 0).map(node);
  const tag = rows.find((t) => t.id === tagId);
  if (!tag) throw new ApiError('NOT_FOUND', '该医疗健康标签不存在', { field: 'tag_id' });
  return [node(tag)];
}

/** Whether `fieldId` is the tag itself or one of its tags (the chart's narrowed sub-field). */
export async function fieldWithin(db: Db, tag: Tag, fieldId: number): Promise<boolean> {
  if (fieldId === tag.id) return true;
  const row = await db.select({ id: medicalTags.id }).from(medicalTags).where(sql`${medicalTags.id} = ${fieldId} AND ${medicalTags.pId} = ${tag.id}`).get();
  return row !== undefined;
}

/** The app share page's profile (GET /group/character/{id}). */
import { count, desc, eq, sql } from 'drizzle-orm';
import { dynamicComments, dynamics, shareProfiles } from '../db';
import type { Db } from '../env';
import { formatDateTime } from '#shared/dates';
import { SHARE_LIST_SIZE } from './constants';
import type { Character } from './schemas';

/** JSON text of the scope list; anything unreadable is an empty list rather than a failed page. */
function scopes(v: string): string[] {
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** The profile of user `id` with their newest dynamics and comments, or null when there is none. */
export async function getCharacter(db: Db, id: number): Promise<Character | null> {
  const post = sql`(SELECT ${dynamics.dynamicDesc} FROM ${dynamics} WHERE ${dynamics.id} = ${dynamicComments.dynamicId})`;
  const [profiles, posts, comments, dynNum, comNum] = await db.batch([
    db.select().from(shareProfiles).where(eq(shareProfiles.userId, id)).limit(1),
    db
      .select({
        id: dynamics.id,
        ctime: dynamics.createdAt,
        desc: dynamics.dynamicDesc,
        img: dynamics.dynamicImg,
        type: dynamics.type,
        praise: dynamics.praiseNum,
      })
      .from(dynamics)
      .where(eq(dynamics.userId, id))
      .orderBy(desc(dynamics.createdAt), desc(dynamics.id))
      .limit(SHARE_LIST_SIZE),
    db
      .select({
        id: dynamicComments.id,
        ctime: dynamicComments.createdAt,
        desc: dynamicComments.commentDesc,
        itemLogo: dynamicComments.itemLogo,
        // A comment on a dynamic post names the post; a comment on a company carries its own item text.
        itemDesc: sql<string>`CASE WHEN ${dynamicComments.itemDesc} <> '' THEN ${dynamicComments.itemDesc} ELSE COALESCE(${post}, '') END`.as('item_desc'),
        praise: dynamicComments.praiseNum,
      })
      .from(dynamicComments)
      .where(eq(dynamicComments.userId, id))
      .orderBy(desc(dynamicComments.createdAt), desc(dynamicComments.id))
      .limit(SHARE_LIST_SIZE),
    db.select({ n: count() }).from(dynamics).where(eq(dynamics.userId, id)),
    db.select({ n: count() }).from(dynamicComments).where(eq(dynamicComments.userId, id)),
  ]);
  const p = profiles[0];
  if (!p) return null;
  const author = { user_logo: p.userLogo, user_name: p.userName };
  return {
    user_id: p.userId,
    user_logo: p.userLogo,
    user_name: p.userName,
    is_pay: p.isPay,
    group_name: p.groupName,
    company: p.company,
    position: p.position,
    region: p.region,
    prov: p.prov,
    scope_list: scopes(p.scopeList),
    user_desc: p.userDesc,
    dynamic_num: dynNum[0]?.n ?? 0,
    comment_num: comNum[0]?.n ?? 0,
    dynamic_list: posts.map((d) => ({ id: d.id, ...author, ctime: formatDateTime(d.ctime), dynamic_desc: d.desc, dynamic_img: d.img, type: d.type, praise_num: d.praise })),
    comment_list: comments.map((c) => ({
      id: c.id,
      ...author,
      ctime: formatDateTime(c.ctime),
      dynamic_desc: c.desc,
      item_logo: c.itemLogo,
      item_desc: c.itemDesc,
      praise_num: c.praise,
    })),
  };
}

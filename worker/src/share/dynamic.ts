/** A dynamic post's share page (GET /group/dynamic/{id}). */
import { asc, count, eq, sql } from 'drizzle-orm';
import { companies, dynamicComments, dynamics, rounds, shareProfiles, users } from '../db';
import type { Db } from '../env';
import { formatDateTime } from '#shared/dates';
import { POST_COMMENTS_SIZE } from './constants';
import type { Dynamic } from './schemas';

/** The post `id` with its author, its company card (type 2) and its comments, oldest first; null when there is none. */
export async function getDynamic(db: Db, id: number): Promise<Dynamic | null> {
  const [posts, comments, total] = await db.batch([
    db
      .select({
        id: dynamics.id,
        userId: dynamics.userId,
        // Distinct result names: inside db.batch() D1 returns rows as objects, where same-named columns would collide.
        profileName: sql<string | null>`${shareProfiles.userName}`.as('profile_name'),
        profileLogo: sql<string | null>`${shareProfiles.userLogo}`.as('profile_logo'),
        accountName: sql<string | null>`${users.username}`.as('account_name'),
        accountLogo: sql<string | null>`${users.logo}`.as('account_logo'),
        ctime: dynamics.createdAt,
        desc: dynamics.dynamicDesc,
        img: dynamics.dynamicImg,
        type: dynamics.type,
        comId: dynamics.comId,
        comName: sql<string | null>`${companies.name}`.as('com_name'),
        comLogo: sql<string | null>`${companies.logo}`.as('com_logo'),
        comSlogan: sql<string | null>`${companies.slogan}`.as('com_slogan'),
        money: sql<number | null>`${companies.totalMoney}`.as('money'),
        roundName: sql<string | null>`${rounds.name}`.as('round_name'),
        praise: dynamics.praiseNum,
      })
      .from(dynamics)
      .leftJoin(shareProfiles, eq(shareProfiles.userId, dynamics.userId))
      .leftJoin(users, eq(users.id, dynamics.userId))
      .leftJoin(companies, eq(companies.id, dynamics.comId))
      .leftJoin(rounds, eq(rounds.id, companies.roundId))
      .where(eq(dynamics.id, id))
      .limit(1),
    db
      .select({
        userId: dynamicComments.userId,
        userName: sql<string | null>`${users.username}`.as('user_name'),
        userLogo: sql<string | null>`${users.logo}`.as('user_logo'),
        ctime: dynamicComments.createdAt,
        desc: dynamicComments.commentDesc,
      })
      .from(dynamicComments)
      .leftJoin(users, eq(users.id, dynamicComments.userId))
      .where(eq(dynamicComments.dynamicId, id))
      .orderBy(asc(dynamicComments.createdAt), asc(dynamicComments.id))
      .limit(POST_COMMENTS_SIZE),
    db.select({ n: count() }).from(dynamicComments).where(eq(dynamicComments.dynamicId, id)),
  ]);
  const p = posts[0];
  if (!p) return null;
  const card = p.type === 2 && p.comName !== null;
  return {
    id: p.id,
    user_id: p.userId,
    user_logo: p.profileLogo ?? p.accountLogo ?? '',
    user_name: p.profileName ?? p.accountName ?? '',
    ctime: formatDateTime(p.ctime),
    dynamic_desc: p.desc,
    dynamic_img: p.img,
    type: p.type,
    com_id: card ? p.comId : 0,
    com_logo_archive: card ? (p.comLogo ?? '') : '',
    com_name: card ? (p.comName ?? '') : '',
    com_slogan: card ? (p.comSlogan ?? '') : '',
    com_fund_status_name: card ? (p.roundName ?? '') : '',
    money: card ? (p.money ?? 0) : 0,
    praise_num: p.praise,
    comment_list: {
      total: total[0]?.n ?? 0,
      list: comments.map((c) => ({ user_id: c.userId, user_logo: c.userLogo ?? '', user_name: c.userName ?? '', ctime: formatDateTime(c.ctime), comment_desc: c.desc })),
    },
  };
}

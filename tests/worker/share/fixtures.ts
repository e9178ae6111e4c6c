import { env } from 'cloudflare:test';
import { makeUser } from '../helpers';

/** 2024-05-20 09:30 in Beijing. */
export const POSTED_AT = Date.UTC(2024, 4, 20, 1, 30);

let next = 900_000;
const id = () => ++next;

/** A share profile with a plain post, a company-card post, and comments, written straight to D1. */
export async function makeShareData() {
  const owner = await makeUser();
  const commenter = await makeUser();
  const roundId = id();
  const comId = id();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO rounds (id, name) VALUES (?, ?)').bind(roundId, 'B轮'),
    env.DB.prepare(
      `INSERT INTO companies (id, name, full_name, logo, slogan, prov, city, cat_id, se_cat_id, born_year, born_month, round_id, total_money)
       VALUES (?, '云图智能', '杭州云图智能科技有限公司', '/logos/yuntu.png', '让工厂看得见', '浙江', '杭州', 1, 2, 2018, 6, ?, 25000)`,
    ).bind(comId, roundId),
    env.DB.prepare(
      `INSERT INTO share_profiles (user_id, user_name, user_logo, is_pay, group_name, company, position, region, prov, scope_list, user_desc)
       VALUES (?, '李<投资>人', '', 1, '硬科技投资群', '远景资本', '投资总监', '华东', '浙江', '["企业服务","智能制造"]', '专注"硬科技"早期投资 & 产业互联网')`,
    ).bind(owner.id),
  ]);
  const plainId = id();
  const cardId = id();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO dynamics (id, user_id, type, dynamic_desc, praise_num, created_at) VALUES (?, ?, 1, ?, 12, ?)').bind(plainId, owner.id, '今天和几位创始人聊了聊，智能制造赛道的估值回调比想象中快。', POSTED_AT),
    env.DB.prepare('INSERT INTO dynamics (id, user_id, type, dynamic_desc, com_id, praise_num, created_at) VALUES (?, ?, 2, ?, ?, 30, ?)').bind(cardId, owner.id, '推荐一个项目：云图智能', comId, POSTED_AT + 3600_000),
    env.DB.prepare('INSERT INTO dynamic_comments (dynamic_id, user_id, comment_desc, created_at) VALUES (?, ?, ?, ?)').bind(cardId, commenter.id, '团队很扎实', POSTED_AT + 7200_000),
    env.DB.prepare('INSERT INTO dynamic_comments (dynamic_id, user_id, comment_desc, created_at) VALUES (?, ?, ?, ?)').bind(cardId, owner.id, '谢谢关注', POSTED_AT + 9000_000),
    env.DB.prepare("INSERT INTO dynamic_comments (dynamic_id, user_id, comment_desc, item_desc, praise_num, created_at) VALUES (0, ?, '估值偏高', '云图智能：让工厂看得见', 5, ?)").bind(owner.id, POSTED_AT + 10_000_000),
  ]);
  return { owner, commenter, plainId, cardId, comId };
}

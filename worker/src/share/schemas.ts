/**
 * Schemas of the group service behind the app's share pages (spec §3 "Shared profile",
 * "Dynamic post"; §7 GET /group/character/{id}, GET /group/dynamic/{id}). Field names are the
 * app's; ctime is 'YYYY-MM-DD HH:mm' in Beijing time; money is 万元.
 */
import { z } from 'zod';
import { MAX_ID } from '../lib/params';

/** A path id: digits only, 1..MAX_ID. */
export const idParam = (label: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, `${label}必须是正整数`)
      .transform(Number)
      .pipe(z.number().max(MAX_ID, `${label}过大`)),
  });

export const characterParam = idParam('用户编号 id');
export const dynamicParam = idParam('动态编号 id');

const dynamicItem = z.object({
  id: z.number().int(),
  user_logo: z.string(),
  user_name: z.string(),
  ctime: z.string(),
  dynamic_desc: z.string(),
  dynamic_img: z.string(),
  type: z.number().int().describe('2 = 带公司卡片'),
  praise_num: z.number().int(),
});

const commentItem = z.object({
  id: z.number().int(),
  user_logo: z.string(),
  user_name: z.string(),
  ctime: z.string(),
  dynamic_desc: z.string().describe('评论内容'),
  item_logo: z.string(),
  item_desc: z.string().describe('被评论的公司或动态'),
  praise_num: z.number().int(),
});

export const character = z
  .object({
    user_id: z.number().int(),
    user_logo: z.string(),
    user_name: z.string(),
    is_pay: z.number().int().describe('1 = 付费会员'),
    group_name: z.string(),
    company: z.string(),
    position: z.string(),
    region: z.string(),
    prov: z.string(),
    scope_list: z.array(z.string()).describe('关注领域'),
    user_desc: z.string(),
    dynamic_num: z.number().int(),
    comment_num: z.number().int(),
    dynamic_list: z.array(dynamicItem).describe('最新的动态（最多 20 条）'),
    comment_list: z.array(commentItem).describe('最新的评论（最多 20 条）'),
  })
  .meta({ id: 'ShareCharacter' });

const postComment = z.object({ user_id: z.number().int(), user_logo: z.string(), user_name: z.string(), ctime: z.string(), comment_desc: z.string() });

export const dynamic = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    user_logo: z.string(),
    user_name: z.string(),
    ctime: z.string(),
    dynamic_desc: z.string(),
    dynamic_img: z.string(),
    type: z.number().int().describe('2 = 带公司卡片'),
    com_id: z.number().int(),
    com_logo_archive: z.string(),
    com_name: z.string(),
    com_slogan: z.string(),
    com_fund_status_name: z.string().describe('融资阶段'),
    money: z.number().int().describe('累计融资额（万元）'),
    praise_num: z.number().int(),
    comment_list: z.object({ list: z.array(postComment), total: z.number().int() }),
  })
  .meta({ id: 'ShareDynamic' });

export type Character = z.infer<typeof character>;
export type Dynamic = z.infer<typeof dynamic>;

/**
 * Request and response schemas of the entity pages' calls. Query strings send '' for an unset
 * value, so blank means absent; messages are what the user reads.
 */
import { z } from 'zod';
import { pageParam } from '../lib/pagination';
import { optText, reqId } from '../lib/params';

export const idParam = (label: string) => z.object({ id: reqId(label) });

export const pageQuery = z.object({ page: pageParam });

export const eventListQuery = z.object({ scope: optText('行业范围 scope', 20), tag: optText('标签 tag', 30), page: pageParam });
export const newsListQuery = z.object({ scope: optText('行业范围 scope', 20), tag: optText('标签 tag', 30), page: pageParam });
export const policyListQuery = z.object({ region: optText('地区 region', 20), scope: optText('行业范围 scope', 20), page: pageParam });

const investor = z.object({
  id: z.number().int().describe('机构 id；不在机构库中为 0'),
  name: z.string(),
  type: z.enum(['unstruct', 'com', 'invst', 'person']),
  person_id: z.number().int().describe('个人投资人的人物 id（/person/{id}），其他为 0'),
});

export const eventRow = z.object({
  id: z.number().int(),
  time: z.string().describe('yyyy-mm-dd'),
  com_id: z.number().int(),
  com_name: z.string(),
  logo: z.string(),
  round: z.string(),
  money: z.number().int().describe('万元'),
  guess_money: z.string(),
  scope: z.string(),
  invst: z.array(investor),
});

export const newsRow = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  source: z.string(),
  com_id: z.number().int(),
  com_name: z.string(),
  logo: z.string(),
  scope: z.string(),
  prov: z.string(),
  time: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  day: z.number().int(),
});

export const policyRow = z.object({
  id: z.number().int(),
  title: z.string(),
  reference_number: z.string(),
  region: z.string(),
  scope: z.string(),
  put_time: z.string(),
});

export const policyDetail = policyRow.extend({ related: z.array(policyRow) });

const tag = z.object({ tag_id: z.number().int(), tag_name: z.string(), atlas: z.boolean().describe('true：产业图谱标签，链接 /atlas/{tag_id}') });

const closureInfo = z.object({
  close_date: z.string(),
  born: z.string(),
  survival: z.object({ years: z.number().int(), months: z.number().int() }),
  operating_status: z.string(),
  incense_total: z.number().int(),
  reasons: z.array(z.object({ id: z.number().int(), p_id: z.number().int(), name: z.string() })),
});

export const companyDetail = z.object({
  com_id: z.number().int(),
  com_name: z.string(),
  full_name: z.string(),
  logo: z.string(),
  slogan: z.string(),
  des: z.string(),
  url: z.string(),
  born: z.string().describe('yyyy.mm'),
  prov: z.string(),
  city: z.string(),
  cat_id: z.number().int(),
  cat_name: z.string(),
  se_cat_name: z.string(),
  round: z.string().describe('最近融资轮次'),
  total_money: z.number().int().describe('万元'),
  status: z.enum(['运营中', '已关闭']),
  closure: closureInfo.nullable(),
  kcb: z.object({ m_com_id: z.number().int(), state: z.string(), listed: z.boolean() }).nullable(),
  invse: z.array(eventRow),
  count_invse_num: z.number().int().describe('融资记录总数；非VIP只返回最近1条'),
  team: z.array(z.object({ person_id: z.number().int(), name: z.string(), position: z.string() })),
  tags: z.array(tag),
  news: z.array(newsRow),
});

export const firmDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  des: z.string(),
  is_fa: z.boolean(),
  invse_num: z.number().int(),
  medical_invse_num: z.number().int().describe('医疗健康投资事件数'),
  closure_num: z.number().int().describe('投资过的已关闭公司数'),
});

export const firmClosureRow = z.object({
  com_id: z.number().int(),
  com_name: z.string(),
  logo: z.string(),
  cat_name: z.string(),
  com_prov: z.string(),
  born: z.string(),
  com_change_close_date: z.string(),
  total_money: z.number().int(),
  closure_type: z.array(z.object({ id: z.number().int(), p_id: z.number().int(), name: z.string() })),
});

export const eventDetail = eventRow.extend({
  slogan: z.string(),
  prov: z.string(),
  cat_name: z.string(),
  others: z.array(z.object({ id: z.number().int(), time: z.string(), round: z.string(), money: z.number().int(), guess_money: z.string() })),
});

export const personDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  des: z.string(),
  roles: z.array(
    z.object({
      role: z.enum(['team', 'investor']),
      position: z.string(),
      com_id: z.number().int(),
      com_name: z.string(),
      logo: z.string(),
      closed: z.boolean(),
      event: z.object({ id: z.number().int(), time: z.string(), round: z.string(), guess_money: z.string() }).nullable(),
    }),
  ),
});

export const userProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  logo: z.string(),
  company: z.string(),
  position: z.string(),
  joined: z.string().describe('注册年月 yyyy-mm'),
  comment_num: z.number().int(),
  incense_num: z.number().int().describe('上香次数'),
  incense_total: z.number().int().describe('上香总炷数'),
});

export const userComment = z.object({
  comment_id: z.number().int(),
  des: z.string(),
  time: z.string(),
  reply: z.boolean(),
  target: z.object({ type: z.enum(['com', 'reason']), id: z.number().int(), p_id: z.number().int(), name: z.string() }),
});

export const userIncense = z.object({
  id: z.number().int(),
  type: z.number().int().describe('1 公司 / 2 关闭原因'),
  item_id: z.number().int(),
  p_id: z.number().int(),
  item_name: z.string(),
  amount: z.number().int(),
  time: z.string(),
});

export const atlasDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  desc: z.string(),
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
  com_num: z.number().int(),
  invse_num: z.number().int(),
  total_money: z.number().int().describe('万元'),
});

export const atlasCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  des: z.string(),
  prov: z.string(),
  round: z.string(),
  total_money: z.number().int(),
});

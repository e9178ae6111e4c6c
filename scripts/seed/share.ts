/**
 * The rest of what users left behind: app share profiles with dynamics and comments,
 * SaaS trial applications, daily-digest subscriptions and their past deliveries.
 */
import { formatYmd } from '#shared/dates';
import chineseDays from 'chinese-days';
import type { Company } from './companies.ts';
import type { SeedContext } from './context.ts';
import { DAY_MS, dayOfMs, msOfDay, ymdOfDay } from './dates.ts';
import { pickPlace } from './places.ts';
import type { Row } from './sql.ts';
import { SECTORS } from './taxonomy.ts';
import type { SeedUser } from './users.ts';
import { personName, REGIONS_OF_CHINA, USER_POSITIONS } from './words.ts';

const GROUPS = ['桔子会员一群', '投资人交流群', '医疗健康投资群', '硬科技投资群', '创业者互助群'];
const TEXT_POSTS = [
  '今天和几位创始人聊了聊，{sector}赛道的估值回调比想象中快。',
  '分享一份最近看的{sector}行业报告，值得一读。',
  '周末复盘：今年看过的项目里，{sector}方向的团队整体更务实。',
  '又一家{sector}公司倒下了，创业真的不容易。',
  '{sector}领域今年的融资事件数量明显回升，大家怎么看？',
];
const CARD_POSTS = ['推荐一个项目：{name}，{slogan}', '刚看完{name}的路演，团队很扎实。', '{name}最近完成新一轮融资，恭喜！'];
const REPLIES = ['说得好', '学习了', '求报告链接', '同意', '这个项目我们也看过', '有道理', '期待后续进展'];
const ITEM_COMMENTS = ['这家公司的产品体验不错', '团队背景很强', '赛道有点拥挤了', '估值偏高', '值得持续关注'];
const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

export function generateShare(ctx: SeedContext, crowd: SeedUser[], companies: Company[]) {
  const rng = ctx.rng('share');
  const profiles: Row[] = [];
  type Draft = { row: Row; at: number };
  const dynamics: Draft[] = [];
  const owners = rng.sample(crowd, ctx.volume(100, 5));
  for (const u of owners) {
    const place = pickPlace(rng);
    const scopes = rng.sample(SECTORS, rng.int(1, 3)).map((s) => s.name);
    const position = u.position || rng.pick(USER_POSITIONS);
    profiles.push({
      user_id: u.id,
      user_name: u.username,
      user_logo: '',
      is_pay: u.role === 'user' ? 0 : 1,
      group_name: rng.pick(GROUPS),
      company: u.company,
      position,
      region: REGIONS_OF_CHINA[place.prov] ?? '',
      prov: place.prov,
      scope_list: JSON.stringify(scopes),
      user_desc: `${position}，关注${scopes.join('、')}领域。`,
    });
    for (let k = rng.weighted([0, 1, 2, 4, 6], [10, 30, 30, 20, 10]); k > 0; k--) {
      const card = rng.chance(0.4);
      const com = rng.pick(companies);
      const at = u.createdAt + Math.floor(rng.next() * (ctx.nowMs - u.createdAt));
      dynamics.push({
        at,
        row: {
          user_id: u.id,
          type: card ? 2 : 1,
          dynamic_desc: card ? fill(rng.pick(CARD_POSTS), { name: com.name, slogan: com.slogan }) : fill(rng.pick(TEXT_POSTS), { sector: rng.pick(scopes) }),
          dynamic_img: '',
          com_id: card ? com.id : 0,
          praise_num: Math.floor(rng.logNormal(8, 1.2)),
          created_at: at,
        },
      });
    }
  }
  dynamics.sort((a, b) => a.at - b.at);
  for (const d of dynamics) d.row = { id: ctx.nextId('dynamic'), ...d.row };

  const comments: Draft[] = [];
  for (const d of dynamics) {
    for (let k = rng.weighted([0, 1, 2, 4], [30, 35, 25, 10]); k > 0; k--) {
      const author = rng.pick(crowd);
      const at = Math.min(ctx.nowMs - 1, Math.max(d.at, author.createdAt) + rng.int(60_000, 20 * DAY_MS));
      comments.push({ at, row: { dynamic_id: d.row.id, user_id: author.id, comment_desc: rng.pick(REPLIES), item_logo: '', item_desc: '', praise_num: rng.int(0, 20), created_at: at } });
    }
  }
  for (const u of owners) {
    for (let k = rng.int(0, 3); k > 0; k--) {
      const com = rng.pick(companies);
      const at = u.createdAt + Math.floor(rng.next() * (ctx.nowMs - u.createdAt));
      comments.push({ at, row: { dynamic_id: 0, user_id: u.id, comment_desc: rng.pick(ITEM_COMMENTS), item_logo: '', item_desc: `${com.name}：${com.slogan}`, praise_num: rng.int(0, 50), created_at: at } });
    }
  }
  comments.sort((a, b) => a.at - b.at);

  return {
    share_profiles: profiles,
    dynamics: dynamics.map((d) => d.row),
    dynamic_comments: comments.map((c) => ({ id: ctx.nextId('dynamicComment'), ...c.row })),
  };
}

export function generateTrials(ctx: SeedContext): Row[] {
  const rng = ctx.rng('trials');
  const needs = ['希望试用项目管理和投后管理模块', '想了解基金管理功能', '团队10人左右，需要BP管理', '', '需要与现有OA系统对接'];
  const rows: Row[] = [];
  for (let i = ctx.volume(40, 3); i > 0; i--) {
    const phone = `1${rng.pick(['3', '5', '8'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
    rows.push({
      name: personName(rng),
      email: `trial${rng.hex(6)}@example.com`,
      company_name: `${pickPlace(rng).city}${rng.pick(['创新', '远景', '鼎盛', '星河'])}${rng.pick(['投资管理有限公司', '资本管理有限公司', '产业园运营有限公司'])}`,
      position: rng.pick(['投资总监', '合伙人', '投后经理', 'IT负责人', '园区运营总监']),
      phone,
      weixin: rng.chance(0.5) ? phone : rng.chance(0.5) ? `wx_${rng.hex(8)}` : '',
      need: rng.pick(needs),
      created_at: ctx.nowMs - rng.int(1, 700) * DAY_MS - rng.int(0, 86_399_000),
    });
  }
  rows.sort((a, b) => (a.created_at as number) - (b.created_at as number));
  return rows.map((r) => ({ id: ctx.nextId('trial'), ...r }));
}

/** Members who subscribed to the daily healthcare digest, and the digests already sent to them. */
export function generateSubscriptions(ctx: SeedContext, crowd: SeedUser[]) {
  const rng = ctx.rng('subscriptions');
  const subscriptions: Row[] = [];
  const deliveries: Row[] = [];
  // Past working days (statutory calendar) before today, newest first.
  const workdays: number[] = [];
  for (let day = ctx.today - 1; workdays.length < 5 && day > ctx.today - 30; day--) {
    if (chineseDays.isWorkday(formatYmd(ymdOfDay(day)))) workdays.push(day);
  }
  for (const u of crowd) {
    if (u.role === 'user' || !rng.chance(0.6)) continue;
    const createdAt = Math.max(u.createdAt, ctx.nowMs - rng.int(2, 200) * DAY_MS);
    const cancelled = rng.chance(0.15);
    const id = ctx.nextId('subscription');
    const cancelledAt = cancelled ? createdAt + Math.floor(rng.next() * (ctx.nowMs - createdAt)) : null;
    subscriptions.push({
      id,
      user_id: u.id,
      email: `seed${u.id}@example.com`,
      active: cancelled ? 0 : 1,
      unsubscribe_token: rng.hex(64),
      created_at: createdAt,
      cancelled_at: cancelledAt,
    });
    for (const day of workdays) {
      const sentAt = msOfDay(day, 10 * 3600);
      if (sentAt > createdAt && (cancelledAt === null || sentAt < cancelledAt) && dayOfMs(sentAt) < ctx.today) {
        deliveries.push({ subscription_id: id, day: ymdOfDay(day), status: 'sent', error: '', created_at: sentAt });
      }
    }
  }
  return { subscriptions, email_deliveries: deliveries };
}

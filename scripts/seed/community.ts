/**
 * What users did on closed companies and closing reasons: comments with replies, and incense
 * offerings. Famous companies (big money burned) draw most of it; a few users are very active.
 * Ids follow time order, as autoincrement ids of live rows would.
 */
import type { Closure } from './closures.ts';
import type { SeedContext } from './context.ts';
import { ymdParts } from '#shared/dates';
import { dayOfYmd, msOfDay } from './dates.ts';
import { zipf, type Rng } from './prng.ts';
import type { Row } from './sql.ts';
import { CLOSURE_REASONS } from './taxonomy.ts';
import type { SeedUser, Spend } from './users.ts';

const COMPANY_COMMENTS = [
  '可惜了，当年还用过他们家的产品，体验其实不错。',
  '又一个烧钱换规模的故事，规模没换来，钱先烧完了。',
  '模式本身就跑不通，补贴一停用户就走了。',
  '致敬每一个认真做事的创业者。',
  'RIP，愿团队下一次创业顺利。',
  '投资人当年抢着投，现在一个都不提了。',
  '赛道太卷了，巨头一进场就没机会了。',
  '团队其实很强，就是时机不对。',
  '创始人后来去哪儿了？有人知道吗？',
  '我当时就在这家公司，最后三个月工资都是拖着发的。',
  '产品做得挺用心，可惜商业化太慢。',
  '为{name}上一炷香。',
  '早两年融资环境好的时候应该多融一点。',
  '用户其实有需求，但付费意愿太低。',
  '现金流断了就什么都没了，创业第一课。',
  '当年的明星项目，眼看他起高楼，眼看他楼塌了。',
  '政策一变，整个行业都没了。',
  '看了一下融资历史，估值涨得太快了。',
  '{name}的App我手机里还留着，今天打开已经连不上了。',
  '想起了{year}年那会儿，到处都是{name}的广告。',
  '活了{months}个月，已经比很多同行久了。',
  '{name}倒下不意外，这个赛道就没有跑出来的。',
  '最可惜的是那批老用户，数据都没来得及导出。',
  '听说核心团队后来被大厂整体收编了。',
];
const REASON_COMMENTS = [
  '说到底还是没想清楚怎么赚钱。',
  '{reason}是大多数创业公司绕不过去的坑。',
  '看了这么多案例，{reason}真的太常见了。',
  '融资顺利的时候没人会想到{reason}。',
  '创业公司最怕的不是对手，是自己。',
  '这个分类很有参考价值，建议创业者都来看看。',
  '{reason}背后其实是对市场判断的失误。',
  '大环境不好的时候，{reason}会被放大很多倍。',
  '每个失败案例都值得复盘。',
];
const REPLIES = [
  '同意，说得太对了。',
  '不完全同意，其实还有别的原因。',
  '+1',
  '哈哈，太真实了。',
  '我也用过！',
  '这个分析很到位。',
  '当年我也差点去这家公司面试。',
  '有道理，学习了。',
  '你说的是哪一年的事？',
  '巨头的降维打击，太难了。',
  '时也命也。',
  '补充一点：当时监管也开始收紧了。',
  '同感，创业真的不容易。',
];

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

interface Draft {
  targetType: 'com' | 'reason';
  targetId: number;
  userId: number;
  parent?: Draft;
  replayUserId: number;
  content: string;
  at: number;
  id?: number;
}

const INCENSE_START = dayOfYmd(20190101);
const AMOUNTS = [1, 3, 10, 88];

function incenseAmount(rng: Rng): number {
  const r = rng.next();
  if (r < 0.88) return rng.weighted(AMOUNTS, [30, 22, 38, 10]);
  return rng.int(2, 200);
}

export function generateCommunity(ctx: SeedContext, closures: Closure[], crowd: SeedUser[]) {
  const rng = ctx.rng('community');
  // Fame: money burned, with noise, decides how much attention a company gets.
  const famous = closures
    .map((c) => ({ c, fame: (c.company.totalMoney + 100) * rng.logNormal(1, 1) }))
    .sort((a, b) => b.fame - a.fame)
    .map((x) => x.c);
  const pickClosure = zipf(famous, 0.8);
  const pickUser = zipf(rng.sample(crowd, crowd.length), 0.5);
  // A reason draws attention in proportion to the companies it closed.
  const reasons = CLOSURE_REASONS.flatMap((p) => p.children.map((ch) => ({ ...ch, pId: p.id })));
  const companiesPerReason = new Map<number, number>();
  for (const c of closures) for (const r of c.reasons) companiesPerReason.set(r.id, (companiesPerReason.get(r.id) ?? 0) + 1);
  const reasonWeights = reasons.map((r) => (companiesPerReason.get(r.id) ?? 0) + 1);
  const pickReason = (r: Rng) => r.weighted(reasons, reasonWeights);
  const nowMs = ctx.nowMs;
  /** An instant after both `fromMs` and the user's sign-up, before now. */
  const after = (fromMs: number, user: SeedUser) => {
    const start = Math.max(fromMs, user.createdAt + 2 * 3_600_000);
    // Only a reply to a message of the last second gets here; it still comes after what it answers.
    if (start >= nowMs - 1000) return Math.min(start, nowMs - 1);
    return start + Math.floor(rng.next() * (nowMs - start));
  };
  const closeMs = (c: Closure) => msOfDay(dayOfYmd(c.closeYmd), 12 * 3600);

  // Incense.
  type Offering = { type: 1 | 2; itemId: number; user: SeedUser; amount: number; at: number };
  const offerings: Offering[] = [];
  for (let i = ctx.volume(15000, 40); i > 0; i--) {
    const c = pickClosure(rng);
    const user = pickUser(rng);
    offerings.push({ type: 1, itemId: c.company.id, user, amount: incenseAmount(rng), at: after(Math.max(closeMs(c), msOfDay(INCENSE_START, 0)), user) });
  }
  for (let i = ctx.volume(5000, 20); i > 0; i--) {
    const user = pickUser(rng);
    offerings.push({ type: 2, itemId: pickReason(rng).id, user, amount: incenseAmount(rng), at: after(msOfDay(INCENSE_START, 0), user) });
  }
  offerings.sort((a, b) => a.at - b.at);
  const incenseRows: Row[] = [];
  const spends: Spend[] = [];
  const byCompany = new Map<number, number>();
  const byReason = new Map<number, number>();
  for (const o of offerings) {
    const id = ctx.nextId('incense');
    incenseRows.push({ id, type: o.type, item_id: o.itemId, user_id: o.user.id, amount: o.amount, created_at: o.at });
    spends.push({ userId: o.user.id, amount: o.amount, recordId: id, refType: o.type === 1 ? 'closure' : 'closure_type', refId: o.itemId, at: o.at });
    const totals = o.type === 1 ? byCompany : byReason;
    totals.set(o.itemId, (totals.get(o.itemId) ?? 0) + o.amount);
  }

  // Comments: top level first, then replies in the same thread.
  const drafts: Draft[] = [];
  for (let i = ctx.volume(6000, 30); i > 0; i--) {
    const c = pickClosure(rng);
    const user = pickUser(rng);
    const vars = { name: c.company.name, year: ymdParts(c.bornYmd).y + 1, months: c.survivalMonths };
    drafts.push({ targetType: 'com', targetId: c.company.id, userId: user.id, replayUserId: 0, content: fill(rng.pick(COMPANY_COMMENTS), vars), at: after(closeMs(c), user) });
  }
  for (let i = ctx.volume(1500, 10); i > 0; i--) {
    const r = pickReason(rng);
    const user = pickUser(rng);
    drafts.push({ targetType: 'reason', targetId: r.id, userId: user.id, replayUserId: 0, content: fill(rng.pick(REASON_COMMENTS), { reason: r.name }), at: after(msOfDay(INCENSE_START, 0), user) });
  }
  const topLevel = drafts.slice();
  for (const top of topLevel) {
    const n = rng.weighted([0, 1, 2, 3, 5, 8], [55, 20, 10, 6, 6, 3]);
    const thread = [top];
    for (let k = 0; k < n; k++) {
      const user = pickUser(rng);
      const answering = rng.chance(0.7) ? top : rng.pick(thread);
      const reply: Draft = {
        targetType: top.targetType,
        targetId: top.targetId,
        userId: user.id,
        parent: top,
        replayUserId: answering.userId,
        content: rng.pick(REPLIES),
        at: after(answering.at + 60_000, user),
      };
      thread.push(reply);
      drafts.push(reply);
    }
  }
  drafts.sort((a, b) => a.at - b.at);
  for (const d of drafts) d.id = ctx.nextId('comment');
  const commentRows: Row[] = drafts.map((d) => ({
    id: d.id!,
    target_type: d.targetType,
    target_id: d.targetId,
    user_id: d.userId,
    comment_type: d.parent ? 2 : 1,
    parent_id: d.parent ? d.parent.id! : 0,
    replay_user_id: d.replayUserId,
    content: d.content,
    created_at: d.at,
  }));

  return { incenseRows, commentRows, spends, incenseByCompany: byCompany, incenseByReason: byReason };
}

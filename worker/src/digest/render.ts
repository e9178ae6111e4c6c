/**
 * The e-mail's two bodies. HTML for ordinary mail clients: tables for layout, inline styles only
 * (clients drop <style> and external CSS), no scripts, no images that must load; and the same
 * content as plain text.
 */
import { DIGEST_NAME, DIGEST_SCHEDULE_TEXT, DIGEST_SCOPE } from './constants';
import type { DigestContent, DigestEvent, DigestInvestor } from './content';
import { escapeHtml } from '../lib/html';
import { roundAmount } from '#shared/amounts';
import { weekdayOf, ymdParts } from '#shared/dates';

export interface Recipient {
  email: string;
  /** The signed one-click unsubscribe link. */
  unsubscribeUrl: string;
}

export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** 20261008 -> '2026年10月8日（周四）' */
export function longDate(v: number): string {
  const { y, m, d } = ymdParts(v);
  return `${y}年${m}月${d}日（${WEEKDAYS[weekdayOf(v)]}）`;
}

/** 20261008 -> '10月8日' */
const shortDate = (v: number) => {
  const { m, d } = ymdParts(v);
  return `${m}月${d}日`;
};

/** The days the e-mail covers, in words. */
export function windowText(from: number, to: number): string {
  return from === to ? shortDate(from) : `${shortDate(from)}至${shortDate(to)}`;
}

/** 万元 as the product shows money: 10000 or more in 亿 (spec §9). */
export function moneyText(e: Pick<DigestEvent, 'money' | 'guessMoney'>): string {
  return roundAmount(e.money, e.guessMoney);
}

export const digestSubject = (day: number, c: Pick<DigestContent, 'eventTotal' | 'newsTotal'>) =>
  `${DIGEST_NAME} ${longDate(day)}：融资事件${c.eventTotal}起，新闻${c.newsTotal}条`;

function investorPath(i: DigestInvestor): string | null {
  if (i.id <= 0) return null;
  if (i.type === 'invst') return `/investfirm/${i.id}`;
  if (i.type === 'com') return `/company/${i.id}`;
  if (i.type === 'person') return `/person/${i.id}`;
  return null;
}

const investorsText = (e: DigestEvent) => (e.investors.length ? e.investors.map((i) => i.name).join('、') : '未透露');

export function renderDigest(origin: string, day: number, c: DigestContent, to: Recipient): RenderedDigest {
  const link = (path: string) => `${origin}${path}`;
  const scope = encodeURIComponent(DIGEST_SCOPE);
  const links = {
    health: link('/health'),
    events: link(`/investevent?scope=${scope}`),
    news: link(`/news?scope=${scope}`),
    manage: link('/health-subscription'),
  };
  const covered = windowText(c.from, c.to);
  const subject = digestSubject(day, c);

  // --- text ---
  const t: string[] = [];
  t.push(`${DIGEST_NAME} · ${longDate(day)}`, `本期覆盖：${covered}`, '');
  t.push(`【融资事件】共${c.eventTotal}起${c.eventTotal > c.events.length ? `，以下为金额最高的${c.events.length}起` : ''}`);
  if (!c.events.length) t.push('本期没有新的医疗健康融资事件。');
  c.events.forEach((e, i) => {
    t.push(`${i + 1}. ${e.comName}（${shortDate(e.date)}）`);
    t.push(`   轮次：${e.round || '未透露'}  金额：${moneyText(e)}`);
    t.push(`   投资方：${investorsText(e)}`);
    t.push(`   ${link(`/company/${e.comId}`)}`);
  });
  t.push(`更多融资事件：${links.events}`, '');
  t.push(`【行业新闻】共${c.newsTotal}条`);
  if (!c.news.length) t.push('本期没有新的医疗健康新闻。');
  c.news.forEach((n, i) => {
    t.push(`${i + 1}. ${n.title}（${shortDate(n.date)}${n.source ? ` · ${n.source}` : ''}）`);
    t.push(`   ${n.url}`);
  });
  t.push(`更多新闻：${links.news}`, '');
  t.push(`医疗健康数据库：${links.health}`, '');
  t.push('——', DIGEST_SCHEDULE_TEXT, `您收到这封邮件，是因为 ${to.email} 订阅了${DIGEST_NAME}。`);
  t.push(`一键退订：${to.unsubscribeUrl}`, `管理订阅：${links.manage}`);
  const text = t.join('\n');

  // --- html ---
  const a = mailLink;
  const cell = 'padding:10px 8px;border-bottom:1px solid #eeeeee;font-size:14px;line-height:20px;vertical-align:top;color:#333333;';
  const investorHtml = (e: DigestEvent) =>
    e.investors.length
      ? e.investors.map((i) => { const p = investorPath(i); return p ? a(link(p), i.name, 'color:#333333;text-decoration:underline;') : escapeHtml(i.name); }).join('、')
      : '未透露';
  // One stacked block per event (not a five-column table) so it reads on a phone too: many mail clients ignore media queries.
  const eventRows = c.events
    .map(
      (e) => `<tr><td style="${cell}">
<div>${a(link(`/company/${e.comId}`), e.comName, 'color:#f06c00;text-decoration:none;font-weight:bold;font-size:15px;')}
<span style="display:inline-block;margin-left:6px;padding:0 6px;background:#fff6ee;color:#8a5a2b;border-radius:3px;font-size:12px;">${escapeHtml(e.round || '未透露')}</span>
<span style="margin-left:6px;font-weight:bold;color:#333333;">${escapeHtml(moneyText(e))}</span></div>
<div style="margin-top:4px;">投资方：${investorHtml(e)}</div>
<div style="margin-top:2px;font-size:12px;color:#999999;">${shortDate(e.date)}${e.comDes ? ` · ${escapeHtml(e.comDes)}` : ''}</div>
</td></tr>`,
    )
    .join('\n');
  const newsRows = c.news
    .map(
      (n) => `<tr><td style="${cell}">${a(n.url, n.title, 'color:#333333;text-decoration:none;')}<br><span style="font-size:12px;color:#999999;">${shortDate(n.date)}${n.source ? ` · ${escapeHtml(n.source)}` : ''}${n.comName ? ` · ${escapeHtml(n.comName)}` : ''}</span></td></tr>`,
    )
    .join('\n');
  const empty = (s: string) => `<tr><td style="${cell}color:#999999;text-align:center;">${s}</td></tr>`;
  const button = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" target="_blank" style="display:inline-block;padding:8px 18px;margin:4px 8px 4px 0;background:#f06c00;color:#ffffff;border-radius:4px;font-size:14px;text-decoration:none;">${escapeHtml(label)}</a>`;
  const html = mailPage({
    subject,
    title: DIGEST_NAME,
    subtitle: `${longDate(day)} · 本期覆盖 ${covered}`,
    body: `<tr><td style="padding:20px 24px 4px;">
<div style="font-size:17px;font-weight:bold;color:#333333;border-left:4px solid #f06c00;padding-left:8px;">融资事件 <span style="font-size:13px;font-weight:normal;color:#999999;">共${c.eventTotal}起${c.eventTotal > c.events.length ? `，以下为金额最高的${c.events.length}起` : ''}</span></div>
</td></tr>
<tr><td style="padding:8px 24px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
${eventRows || empty('本期没有新的医疗健康融资事件')}
</table>
<div style="padding:8px 0;font-size:13px;">${a(links.events, '查看更多医疗健康融资事件 ›')}</div>
</td></tr>
<tr><td style="padding:12px 24px 4px;">
<div style="font-size:17px;font-weight:bold;color:#333333;border-left:4px solid #f06c00;padding-left:8px;">行业新闻 <span style="font-size:13px;font-weight:normal;color:#999999;">共${c.newsTotal}条</span></div>
</td></tr>
<tr><td style="padding:8px 24px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
${newsRows || empty('本期没有新的医疗健康新闻')}
</table>
<div style="padding:8px 0;font-size:13px;">${a(links.news, '查看更多医疗健康新闻 ›')}</div>
</td></tr>
<tr><td style="padding:8px 24px 20px;">${button(links.health, '进入医疗健康数据库')}${button(links.events, '全部融资事件')}</td></tr>
`,
    footer: `${escapeHtml(DIGEST_SCHEDULE_TEXT)}<br>
您收到这封邮件，是因为 ${escapeHtml(to.email)} 订阅了${escapeHtml(DIGEST_NAME)}。
${a(to.unsubscribeUrl, '一键退订', 'color:#999999;text-decoration:underline;')} · ${a(links.manage, '管理订阅', 'color:#999999;text-decoration:underline;')}`,
  });
  return { subject, html, text };
}

/** A link in a mail body: escaped, opening in a new window, styled inline. */
export const mailLink = (href: string, label: string, style = 'color:#f06c00;text-decoration:none;') =>
  `<a href="${escapeHtml(href)}" style="${style}" target="_blank">${escapeHtml(label)}</a>`;

/**
 * The frame every mail of the product shares: a 640-px card with the orange title bar and a grey
 * footer. `body` is table rows (<tr>…</tr>); `title` and `subject` are escaped here, `subtitle`,
 * `body` and `footer` are HTML the caller escaped.
 */
export function mailPage(p: { subject: string; title: string; subtitle: string; body: string; footer: string }) {
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:'PingFang SC','Microsoft YaHei',Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f4;"><tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:640px;background:#ffffff;border-radius:6px;">
<tr><td style="padding:20px 24px;background:#f06c00;border-radius:6px 6px 0 0;">
<div style="font-size:22px;line-height:30px;color:#ffffff;font-weight:bold;">${escapeHtml(p.title)}</div>
<div style="font-size:14px;line-height:22px;color:#ffe7d1;">${p.subtitle}</div>
</td></tr>
${p.body}
<tr><td style="padding:16px 24px;background:#fafafa;border-top:1px solid #eeeeee;border-radius:0 0 6px 6px;font-size:12px;line-height:20px;color:#999999;">
${p.footer}
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

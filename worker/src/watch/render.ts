/**
 * The watchlist digest's two bodies: per saved search its new matches (linked to the product's
 * pages), its list with the filters, and its own one-click unsubscribe; the watchlist page at the
 * foot. HTML for mail clients: tables and inline styles only, no scripts, no images to load.
 */
import { longDate, mailLink, mailPage } from '../digest/render';
import { escapeHtml } from '../lib/html';
import { WATCHLIST_PATH } from './constants';
import type { WatchSection } from './matches';

export const WATCH_DIGEST_NAME = '桔子订阅';

export const watchSubject = (day: number, sections: WatchSection[]) =>
  `${WATCH_DIGEST_NAME} ${longDate(day)}：${sections.length}个订阅有${sections.reduce((n, s) => n + s.total, 0)}条新匹配`;

export function renderWatchDigest(origin: string, day: number, sections: WatchSection[], unsubscribe: string[], to: { email: string; unsubscribeAll: string }) {
  const subject = watchSubject(day, sections);
  const manage = `${origin}${WATCHLIST_PATH}`;
  const t: string[] = [`${WATCH_DIGEST_NAME} · ${longDate(day)}`, ''];
  sections.forEach((s, i) => {
    t.push(`【${s.name}】${s.areaName}，${s.total}条新匹配`);
    s.items.forEach((it, k) => t.push(`${k + 1}. ${it.title}`, ...(it.summary ? [`   ${it.summary}`] : []), `   ${origin}${it.path}`));
    if (s.total > s.items.length) t.push(`   另有${s.total - s.items.length}条，见列表`);
    t.push(`查看列表：${origin}${s.listUrl}`, `不再接收这个订阅的邮件：${unsubscribe[i]}`, '');
  });
  t.push('——', `您收到这封邮件，是因为 ${to.email} 在桔子保存了以上订阅。`, `管理订阅：${manage}`, `退订全部订阅邮件：${to.unsubscribeAll}`);

  const a = mailLink;
  const cell = 'padding:8px 0;border-bottom:1px solid #eeeeee;font-size:14px;line-height:20px;color:#333333;';
  const blocks = sections
    .map(
      (s, i) => `<tr><td style="padding:16px 24px 4px;">
<div style="font-size:16px;font-weight:bold;color:#333333;border-left:4px solid #f06c00;padding-left:8px;">${escapeHtml(s.name)} <span style="font-size:12px;font-weight:normal;color:#999999;">${escapeHtml(s.areaName)} · ${s.total}条新匹配</span></div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin-top:6px;">
${s.items.map((it) => `<tr><td style="${cell}">${a(`${origin}${it.path}`, it.title, 'color:#333333;text-decoration:none;font-weight:bold;')}${it.summary ? `<br><span style="font-size:12px;color:#999999;">${escapeHtml(it.summary)}</span>` : ''}</td></tr>`).join('\n')}
</table>
<div style="padding:6px 0;font-size:13px;">${a(`${origin}${s.listUrl}`, s.total > s.items.length ? `另有${s.total - s.items.length}条，查看列表 ›` : '查看列表 ›')}
<span style="color:#cccccc;"> | </span>${a(unsubscribe[i]!, '不再接收这个订阅的邮件', 'color:#999999;text-decoration:underline;font-size:12px;')}</div>
</td></tr>`,
    )
    .join('\n');
  const html = mailPage({
    subject,
    title: WATCH_DIGEST_NAME,
    subtitle: `${longDate(day)} · 您保存的订阅有新的匹配`,
    body: blocks,
    footer: `您收到这封邮件，是因为 ${escapeHtml(to.email)} 在桔子保存了以上订阅。
${a(manage, '管理订阅', 'color:#999999;text-decoration:underline;')} · ${a(to.unsubscribeAll, '退订全部订阅邮件', 'color:#999999;text-decoration:underline;')}`,
  });
  return { subject, html, text: t.join('\n') };
}

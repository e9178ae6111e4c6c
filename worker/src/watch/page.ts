/**
 * The landing page of a saved search's unsubscribe link in the watchlist digest, rendered by the
 * worker (no SPA, no login): GET asks to confirm, POST with List-Unsubscribe=One-Click (the mail
 * client's, or the confirm button's) stops that search's e-mail.
 */
import { escapeHtml } from '../lib/html';
import { WATCHLIST_PATH } from './constants';

export type WatchUnsubscribeView =
  | { kind: 'confirm'; names: string[]; action: string }
  | { kind: 'done'; names: string[]; already: boolean }
  | { kind: 'invalid' };

const TITLE: Record<WatchUnsubscribeView['kind'], string> = { confirm: '退订确认', done: '已退订', invalid: '退订链接无效' };

const quoted = (names: string[]) => names.map((n) => `“${escapeHtml(n)}”`).join('、');

export function unsubscribePage(origin: string, v: WatchUnsubscribeView): string {
  const manage = `<a href="${escapeHtml(origin)}${WATCHLIST_PATH}">我的订阅</a>`;
  const body =
    v.kind === 'confirm'
      ? `<p>确定不再通过邮件接收订阅<b>${quoted(v.names)}</b>的新匹配吗？（Atom 订阅源和“我的订阅”页面不受影响）</p>
<form method="post" action="${escapeHtml(v.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" class="primary">确认退订</button></form>`
      : v.kind === 'done'
        ? `<p role="status">${v.already ? '此前已退订' : '退订成功'}：订阅${quoted(v.names)}的新匹配不再发送邮件。可在${manage}中恢复。</p>`
        : `<p role="alert">这个退订链接无效或不完整。请登录后在${manage}中管理邮件。</p>`;
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${TITLE[v.kind]} - 桔子订阅</title>
<style>
body{margin:0;background:#f4f4f4;font-family:"PingFang SC","Microsoft YaHei",Arial,sans-serif;color:#333}
main{max-width:480px;margin:48px auto;padding:28px 24px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 16px;color:#f06c00}p{line-height:1.7;font-size:15px;word-break:break-all}
.primary{display:inline-block;background:#f06c00;color:#fff;border:0;border-radius:4px;padding:10px 28px;font-size:15px;cursor:pointer}
.primary:focus-visible,a:focus-visible{outline:3px solid #ffb27a;outline-offset:2px}
a{color:#f06c00}
@media (max-width:520px){main{margin:16px;padding:20px 16px}}
</style></head>
<body><main><h1>${TITLE[v.kind]}</h1>${body}</main></body></html>`;
}

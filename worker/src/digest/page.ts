/**
 * The unsubscribe landing page, rendered by the worker (it must work from any mail client without
 * the SPA or a login): GET shows the address and a confirm button (a GET never unsubscribes, as
 * link scanners open every link); POST, from that button or from the mail client's one-click
 * (RFC 8058, body List-Unsubscribe=One-Click), unsubscribes; a POST without that body changes
 * nothing. A link that expired, went stale or is broken leads to /health-subscription, where a
 * signed-in user cancels by hand.
 */
import { DIGEST_NAME } from './constants';
import { escapeHtml } from '../lib/html';

export type UnsubscribeView =
  /** `again`: a POST came without the one-click body, so nothing changed yet. */
  | { kind: 'confirm'; email: string; action: string; again?: boolean }
  | { kind: 'done'; email: string; already: boolean }
  /** The link is past its days, or was mailed to an address the subscription no longer uses. */
  | { kind: 'expired' | 'stale' }
  | { kind: 'invalid' };

/** Where a signed-in user cancels by hand; the page explains why they came. */
export const MANAGE_PATH = '/health-subscription?unsubscribe=1';

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(1, local.length - 2))}@${domain}`;
};

const TITLE: Record<UnsubscribeView['kind'], string> = {
  confirm: '退订确认',
  done: '已退订',
  expired: '退订链接已过期',
  stale: '退订链接已失效',
  invalid: '退订链接无效',
};

export function unsubscribePage(origin: string, v: UnsubscribeView): string {
  const title = TITLE[v.kind];
  const manage = `<p><a class="primary" href="${escapeHtml(origin)}${MANAGE_PATH}">登录后取消订阅</a></p>`;
  const body =
    v.kind === 'confirm'
      ? `${v.again ? '<p role="alert">请点击下方按钮确认退订。</p>' : ''}<p>确定不再接收发往 <b>${escapeHtml(maskEmail(v.email))}</b> 的${DIGEST_NAME}吗？</p>
<form method="post" action="${escapeHtml(v.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" class="primary">确认退订</button></form>`
      : v.kind === 'done'
        ? `<p role="status">${v.already ? '该邮箱此前已退订' : '退订成功'}：${escapeHtml(maskEmail(v.email))} 将不再收到${DIGEST_NAME}。</p><p>如需恢复，可登录后在“动态订阅”页重新订阅。</p>`
        : v.kind === 'expired'
          ? `<p role="alert">这个退订链接来自一封较早的邮件，已经过期。请使用最近一封日报中的“一键退订”，或登录后在“动态订阅”页取消订阅。</p>${manage}`
          : v.kind === 'stale'
            ? `<p role="alert">这封邮件发往的邮箱已不再接收${DIGEST_NAME}（订阅邮箱已更换），这个链接不能再退订。如需取消订阅，请登录后在“动态订阅”页操作。</p>${manage}`
            : `<p role="alert">这个退订链接无效或不完整，请直接点击邮件中的“一键退订”，或登录后在“动态订阅”页取消订阅。</p>${manage}`;
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title} - ${DIGEST_NAME}</title>
<style>
body{margin:0;background:#f4f4f4;font-family:"PingFang SC","Microsoft YaHei",Arial,sans-serif;color:#333}
main{max-width:480px;margin:48px auto;padding:28px 24px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 16px;color:#f06c00}p{line-height:1.7;font-size:15px;word-break:break-all}
.primary{display:inline-block;background:#f06c00;color:#fff;border:0;border-radius:4px;padding:10px 28px;font-size:15px;cursor:pointer;text-decoration:none}
.primary:focus-visible,a:focus-visible{outline:3px solid #ffb27a;outline-offset:2px}
a{color:#f06c00}a.primary{color:#fff}
@media (max-width:520px){main{margin:16px;padding:20px 16px}}
</style></head>
<body><main><h1>${title}</h1>${body}
<p><a href="${escapeHtml(origin)}/health-subscription">动态订阅</a> · <a href="${escapeHtml(origin)}/health">医疗健康数据库</a></p></main></body></html>`;
}

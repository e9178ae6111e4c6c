/**
 * Real ids of the running demo stack for the entity pages and the link checker, read through the
 * API as a signed-in VIP (and D1 for the share pages, whose ids no list call returns).
 */
import { baseURL } from './browser';
import { d1Query } from './d1';

async function call<T>(token: string, p: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL()}/api${p}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = (await res.json()) as { status: string; data: T; msg?: string };
  if (body.status !== 'success') throw new Error(`${p}: ${res.status} ${body.msg}`);
  return body.data;
}

export interface DemoIds {
  closedCompany: { id: number; name: string };
  starCompany: { comId: number; mComId: number };
  firm: number;
  event: number;
  person: number;
  user: number;
  tag: number;
  childTag: number;
  policy: number;
  order: number;
  shareUser: number;
  shareDynamic: number;
}

export async function demoIds(token: string): Promise<DemoIds> {
  const closures = await call<{ info: { com_id: number; com_name: string }[] }>(token, '/closure');
  const closed = closures.info[0];
  const company = await call<{ team: { person_id: number }[] }>(token, `/company/${closed.com_id}`);
  const firms = await call<{ info: { invst_id: number }[] }>(token, '/closure/invst_top');
  const star = await call<{ info: { m_com_id: number }[] }>(token, '/starmarket', { method: 'POST', body: '{}' });
  const detail = await call<{ com_info: { com_id: number } }>(token, '/starmarket/detail', { method: 'POST', body: JSON.stringify({ id: star.info[0].m_com_id }) });
  const events = await call<{ info: { id: number }[] }>(token, '/investevent');
  const top = await call<{ com_id: number }[]>(token, '/closure/incense_top');
  const incense = await call<{ info: { id: number }[] }>(token, `/closure/incense_list?type=1&item_id=${top[0].com_id}`);
  const policies = await call<{ info: { id: number }[] }>(token, `/policy?region=${encodeURIComponent('科创板')}`);
  const order = await call<{ order_id: number }>(token, '/orders', { method: 'POST', body: JSON.stringify({ plan_id: 'coins_100' }), headers: { 'Idempotency-Key': `link-checker-${Date.now()}` } });
  const [share] = d1Query<{ user_id: number; dynamic_id: number }>('SELECT (SELECT min(user_id) FROM share_profiles) AS user_id, (SELECT min(id) FROM dynamics) AS dynamic_id');
  return {
    closedCompany: { id: closed.com_id, name: closed.com_name },
    starCompany: { comId: detail.com_info.com_id, mComId: star.info[0].m_com_id },
    firm: firms.info[0].invst_id,
    event: events.info[0].id,
    person: company.team[0].person_id,
    user: incense.info[0].id,
    tag: 1,
    childTag: 101,
    policy: policies.info[0].id,
    order: order.order_id,
    shareUser: share.user_id,
    shareDynamic: share.dynamic_id,
  };
}

import { vi } from 'vitest';

/** A request the medical components made: path and query. */
export interface Seen {
  path: string;
  query: URLSearchParams;
}

type Handler = (q: URLSearchParams) => unknown | Promise<unknown>;

/**
 * Stubs fetch at the SPA's HTTP boundary with handlers keyed by path that see the query string
 * (the medical calls differ only by it); a handler's value is the `data` of a success envelope.
 */
export function stubMedical(handlers: Record<string, Handler>) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      seen.push({ path: url.pathname, query: url.searchParams });
      const h = handlers[url.pathname];
      if (!h) return new Response(JSON.stringify({ status: 'error', code: 'NOT_FOUND', msg: '接口不存在', requestId: 't' }), { status: 404 });
      const data = await h(url.searchParams);
      return new Response(JSON.stringify({ status: 'success', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const company = (id: number) => ({
  id,
  name: `公司${id}`,
  logo: '',
  des: `公司${id}的简介`,
  medical_tag: [{ tag_id: 101, id: 101, name: '医学影像设备' }],
  total_money: 10000 + id,
  born: '2018-06',
  last_invse_date: 20240101,
});

export const firm = (id: number) => ({ id, name: `机构${id}`, logo: '', des: '', medical_invse_num: 30 - id });

/** Page `page` of a list of `total` rows made by `make`, 10 a page. */
export function pageOf<T>(make: (id: number) => T, total: number, page: number, base = 0) {
  const from = (page - 1) * 10;
  const n = Math.max(0, Math.min(10, total - from));
  return { data: Array.from({ length: n }, (_, i) => make(base + from + i + 1)), page: { total, page, per_page: 10 } };
}

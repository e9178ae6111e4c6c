/**
 * A signed-in user's own lists (GET /api/user/ledger, /api/orders): the busiest seeded user's
 * first, middle and last pages, read as that user. Download records and follows are empty in the
 * seed (they fill only through use); tests/worker/entity/kept-pages.test.ts holds them to the same budget.
 */
import type { BenchArea } from './types';

const pages = (n: number, per: number) => Math.max(1, Math.ceil(n / per));

export const personalArea: BenchArea = {
  name: 'personal',
  async pick(one) {
    const ledger = await one<{ id: number; n: number }>('SELECT user_id AS id, COUNT(*) AS n FROM coin_ledger GROUP BY user_id ORDER BY n DESC LIMIT 1');
    const orders = await one<{ id: number; n: number }>('SELECT user_id AS id, COUNT(*) AS n FROM orders GROUP BY user_id ORDER BY n DESC LIMIT 1');
    return { ledgerUser: ledger.id, ledgerRows: ledger.n, ledgerPages: pages(ledger.n, 20), orderUser: orders.id, orderRows: orders.n, orderPages: pages(orders.n, 10) };
  },
  calls: (p) => {
    const ledgerUser = Number(p.ledgerUser);
    const orderUser = Number(p.orderUser);
    const ledgerPages = Number(p.ledgerPages);
    const orderPages = Number(p.orderPages);
    return [
      { label: 'ledger page 1', path: '/api/user/ledger?page=1', user: ledgerUser, paged: true },
      { label: 'ledger middle page', path: `/api/user/ledger?page=${Math.ceil(ledgerPages / 2)}`, user: ledgerUser, paged: true },
      { label: 'ledger last page', path: `/api/user/ledger?page=${ledgerPages}`, user: ledgerUser, paged: true },
      { label: 'orders page 1', path: '/api/orders?page=1', user: orderUser, paged: true },
      { label: 'orders middle page', path: `/api/orders?page=${Math.ceil(orderPages / 2)}`, user: orderUser, paged: true },
      { label: 'orders last page', path: `/api/orders?page=${orderPages}`, user: orderUser, paged: true },
    ];
  },
};

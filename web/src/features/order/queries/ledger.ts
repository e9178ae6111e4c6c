import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';

export type LedgerPage = DataOf<Awaited<ReturnType<typeof api.user.ledger.$get>>>;
export type LedgerRow = LedgerPage['info'][number];

export const LEDGER_PER_PAGE = 10;

/** GET /api/user/ledger: coin movements, newest first, with the Chinese reason of each row. */
export const ledgerQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['user', 'ledger', { page }],
    queryFn: () => unwrap(api.user.ledger.$get({ query: { page: String(page), per_page: String(LEDGER_PER_PAGE) } })),
  });

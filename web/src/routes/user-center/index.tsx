import { createFileRoute } from '@tanstack/react-router';
import { pageSearchParam, searchValidator } from '../../lib/searchParams';
import { LedgerTable } from '../../features/order/LedgerTable';
import { LoadFailed } from '../../features/order/LoadFailed';
import { MembershipCard } from '../../features/order/MembershipCard';
import { ledgerQueryOptions } from '../../features/order/queries/ledger';
import { membershipQueryOptions } from '../../features/order/queries/plans';
import { SignedInOnly } from '../../features/order/SignedInOnly';
import { getToken } from '../../lib/token';
import { Loading } from '../../ui/Loading';

const searchSchema = searchValidator({ page: pageSearchParam });

export const Route = createFileRoute('/user-center/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) =>
    getToken()
      ? Promise.all([context.queryClient.ensureQueryData(membershipQueryOptions()), context.queryClient.ensureQueryData(ledgerQueryOptions(deps.page))])
      : undefined,
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: UserCenterHome,
});

/** Membership and expiry, the coin balance and its ledger. */
function UserCenterHome() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="container uc-page">
      <SignedInOnly text="登录后查看会员与桔子币">
        <MembershipCard />
        <LedgerTable page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p } })} />
      </SignedInOnly>
    </div>
  );
}

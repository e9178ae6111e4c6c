import { createFileRoute } from '@tanstack/react-router';
import { LoadFailed } from '../../features/order/LoadFailed';
import { OrderPlans } from '../../features/order/OrderPlans';
import { plansQueryOptions } from '../../features/order/queries/plans';
import { Loading } from '../../ui/Loading';
import { FROM_PATTERN } from '../../../../worker/src/order/plans';
import { optPatternParam, optStringParam, searchValidator } from '../../lib/searchParams';

/**
 * ?from=<area> (deathCompany, deathReason, health, kcb, health-subscription…) and ?return=<path and
 * query> of the page the buyer came from; the worker keeps `return` only if it is a page of this site.
 */
const searchSchema = searchValidator({ from: optPatternParam(FROM_PATTERN), return: optStringParam(1024) });

export const Route = createFileRoute('/order/')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(plansQueryOptions()),
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: OrderPage,
});

/** Spec §2 /order: membership upgrade and recharge. */
function OrderPage() {
  const search = Route.useSearch();
  return <OrderPlans from={search.from} returnTo={search.return} />;
}

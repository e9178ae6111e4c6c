import { createFileRoute } from '@tanstack/react-router';
import { LoadFailed } from '../../features/order/LoadFailed';
import { OrderPlans } from '../../features/order/OrderPlans';
import { plansQueryOptions } from '../../features/order/queries/plans';
import { Loading } from '../../ui/Loading';
import { FROM_PATTERN } from '../../../../worker/src/order/plans';
import { optPatternParam, searchValidator } from '../../lib/searchParams';

/** ?from=<area> (deathCompany, deathReason, health, kcb, health-subscription…): where a purchase returns to. */
const searchSchema = searchValidator({ from: optPatternParam(FROM_PATTERN) });

export const Route = createFileRoute('/order/')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(plansQueryOptions()),
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: OrderPage,
});

/** Spec §2 /order: membership upgrade and recharge. */
function OrderPage() {
  const { from } = Route.useSearch();
  return <OrderPlans from={from} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { LoadFailed } from '../../../features/order/LoadFailed';
import { orderQueryOptions } from '../../../features/order/queries/orders';
import { SandboxCashier } from '../../../features/order/SandboxCashier';
import { SignedInOnly } from '../../../features/order/SignedInOnly';
import { getToken } from '../../../lib/token';
import { Loading } from '../../../ui/Loading';

export const Route = createFileRoute('/pay/sandbox/$orderId')({
  params: {
    parse: ({ orderId }) => ({ orderId: /^\d{1,10}$/.test(orderId) ? Number(orderId) : 0 }),
    stringify: ({ orderId }) => ({ orderId: String(orderId) }),
  },
  loader: ({ context, params }) => (getToken() ? context.queryClient.ensureQueryData(orderQueryOptions(params.orderId)) : undefined),
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: CashierPage,
});

/** The sandbox payment provider's cashier page. */
function CashierPage() {
  const { orderId } = Route.useParams();
  return (
    <SignedInOnly text="登录后完成支付">
      <SandboxCashier orderId={orderId} />
    </SignedInOnly>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { LoadFailed } from '../../../features/order/LoadFailed';
import { PaymentResult } from '../../../features/order/PaymentResult';
import { orderQueryOptions } from '../../../features/order/queries/orders';
import { SignedInOnly } from '../../../features/order/SignedInOnly';
import { getToken } from '../../../lib/token';
import { Loading } from '../../../ui/Loading';

export const Route = createFileRoute('/pay/result/$orderId')({
  params: {
    parse: ({ orderId }) => ({ orderId: /^\d{1,10}$/.test(orderId) ? Number(orderId) : 0 }),
    stringify: ({ orderId }) => ({ orderId: String(orderId) }),
  },
  loader: ({ context, params }) => (getToken() ? context.queryClient.ensureQueryData(orderQueryOptions(params.orderId)) : undefined),
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: ResultPage,
});

/** Where a provider's cashier sends the buyer back (Alipay return_url, WeChat H5 redirect_url), and WeChat's code to scan. */
function ResultPage() {
  const { orderId } = Route.useParams();
  return (
    <SignedInOnly text="登录后查看支付结果">
      <PaymentResult orderId={orderId} />
    </SignedInOnly>
  );
}

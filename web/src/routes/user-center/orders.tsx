import { createFileRoute } from '@tanstack/react-router';
import { pageSearchParam, searchValidator } from '../../lib/searchParams';
import { LoadFailed } from '../../features/order/LoadFailed';
import { OrderTable } from '../../features/order/OrderTable';
import { ordersQueryOptions } from '../../features/order/queries/orders';
import { SignedInOnly } from '../../features/order/SignedInOnly';
import { getToken } from '../../lib/token';
import { Loading } from '../../ui/Loading';

const searchSchema = searchValidator({ page: pageSearchParam });

export const Route = createFileRoute('/user-center/orders')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => (getToken() ? context.queryClient.ensureQueryData(ordersQueryOptions(deps.page)) : undefined),
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: OrdersPage,
});

function OrdersPage() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="container uc-page">
      <SignedInOnly text="登录后查看您的订单">
        <OrderTable page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p } })} />
      </SignedInOnly>
    </div>
  );
}

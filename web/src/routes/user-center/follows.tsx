import { createFileRoute } from '@tanstack/react-router';
import { pageSearchParam, searchValidator } from '../../lib/searchParams';
import { FollowList } from '../../features/order/FollowList';
import { LoadFailed } from '../../features/order/LoadFailed';
import { followsQueryOptions } from '../../features/order/queries/follows';
import { SignedInOnly } from '../../features/order/SignedInOnly';
import { getToken } from '../../lib/token';
import { Loading } from '../../ui/Loading';

const searchSchema = searchValidator({ page: pageSearchParam });

export const Route = createFileRoute('/user-center/follows')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => (getToken() ? context.queryClient.ensureQueryData(followsQueryOptions(deps.page)) : undefined),
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: FollowsPage,
});

function FollowsPage() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="container uc-page">
      <SignedInOnly text="登录后查看您的关注">
        <FollowList page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p } })} />
      </SignedInOnly>
    </div>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { LoadFailed } from '../../features/order/LoadFailed';
import { SignedInOnly } from '../../features/order/SignedInOnly';
import { pageSearchParam, searchValidator } from '../../lib/searchParams';
import { getToken } from '../../lib/token';
import { Loading } from '../../ui/Loading';
import { followedQueryOptions, mailboxQueryOptions, savedSearchesQueryOptions } from '../../watch/queries';
import { WatchlistPage } from '../../watch/WatchlistPage';

const searchSchema = searchValidator({ page: pageSearchParam });

export const Route = createFileRoute('/user-center/watchlists')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => {
    if (!getToken()) return undefined;
    // The followed companies show their own loading state; fetched alongside rather than after.
    void context.queryClient.prefetchQuery(followedQueryOptions(1));
    return Promise.all([context.queryClient.ensureQueryData(savedSearchesQueryOptions(deps.page)), context.queryClient.ensureQueryData(mailboxQueryOptions())]);
  },
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: WatchlistsRoute,
});

function WatchlistsRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="container uc-page">
      <SignedInOnly text="登录后查看您的订阅">
        <WatchlistPage page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p } })} />
      </SignedInOnly>
    </div>
  );
}

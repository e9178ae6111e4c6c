import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { optEnumParam, searchValidator } from '../../lib/searchParams';
import { ProfileHeader } from '../../features/share/ProfileHeader';
import { ProfileTabs, type ProfileTab } from '../../features/share/ProfileTabs';
import { characterQueryOptions, shareIdOf } from '../../features/share/queries/group';
import { ShareError } from '../../features/share/ShareError';
import { Loading } from '../../ui/Loading';

export const Route = createFileRoute('/share/user/$id')({
  validateSearch: searchValidator({ tab: optEnumParam(['dynamic', 'comment']) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(characterQueryOptions(shareIdOf(params.id))),
  pendingComponent: () => <Loading />,
  errorComponent: ({ error }) => <ShareError error={error} what="用户" />,
  component: UserSharePage,
});

/** The app share page of a user: profile header, dynamic tab and comment tab. */
function UserSharePage() {
  const { id } = Route.useParams();
  const { tab = 'dynamic' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useSuspenseQuery(characterQueryOptions(shareIdOf(id)));
  const onTabChange = (t: ProfileTab) => void navigate({ search: { tab: t === 'dynamic' ? undefined : t }, replace: true, resetScroll: false });
  return (
    <>
      <ProfileHeader user={user} />
      <ProfileTabs user={user} tab={tab} onTabChange={onTabChange} />
    </>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PostDetail } from '../../features/share/PostDetail';
import { dynamicQueryOptions, shareIdOf } from '../../features/share/queries/group';
import { ShareError } from '../../features/share/ShareError';
import { Loading } from '../../ui/Loading';

export const Route = createFileRoute('/share/dynamic/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(dynamicQueryOptions(shareIdOf(params.id))),
  pendingComponent: () => <Loading />,
  errorComponent: ({ error }) => <ShareError error={error} what="动态" />,
  component: DynamicSharePage,
});

/** The share page of one dynamic post. */
function DynamicSharePage() {
  const { id } = Route.useParams();
  const { data: post } = useSuspenseQuery(dynamicQueryOptions(shareIdOf(id)));
  return <PostDetail post={post} />;
}

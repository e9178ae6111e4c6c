import { createFileRoute } from '@tanstack/react-router';
import { ApiKeysPanel } from '../../features/apikeys/ApiKeysPanel';
import { keysQueryOptions } from '../../features/apikeys/queries/keys';
import { LoadFailed } from '../../features/order/LoadFailed';
import { SignedInOnly } from '../../features/order/SignedInOnly';
import { intParam, searchValidator } from '../../lib/searchParams';
import { getToken } from '../../lib/token';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Loading } from '../../ui/Loading';

const searchSchema = searchValidator({ key: intParam(1, Number.MAX_SAFE_INTEGER) });

export const Route = createFileRoute('/user-center/api')({
  validateSearch: searchSchema,
  loader: ({ context }) => (getToken() ? context.queryClient.ensureQueryData(keysQueryOptions()) : undefined),
  pendingComponent: () => <Loading />,
  errorComponent: LoadFailed,
  component: ApiKeysPage,
});

function ApiKeysPage() {
  useDocumentTitle('API 密钥 - 个人中心');
  const { key } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="container uc-page">
      <SignedInOnly text="登录后管理您的 API 密钥">
        <ApiKeysPanel selected={key} onSelect={(id) => void navigate({ search: { key: id }, replace: true })} />
      </SignedInOnly>
    </div>
  );
}

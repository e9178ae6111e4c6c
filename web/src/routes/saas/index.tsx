import { createFileRoute } from '@tanstack/react-router';
import { optEnumParam, searchValidator } from '../../lib/searchParams';
import { EDITIONS, type Edition } from '../../features/saas/content';
import { SaasDesktop } from '../../features/saas/SaasDesktop';
import { SaasPhone } from '../../features/saas/SaasPhone';
import { usePhoneLayout } from '../../features/saas/usePhoneLayout';

const searchSchema = searchValidator({
  edition: optEnumParam(Object.keys(EDITIONS) as [Edition, ...Edition[]]),
});

export const Route = createFileRoute('/saas/')({
  validateSearch: searchSchema,
  component: SaasPage,
});

/** The smart investment system's marketing page: desktop and phone layouts chosen by viewport. */
function SaasPage() {
  const phone = usePhoneLayout();
  const { edition = 'invest' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onEditionChange = (e: Edition) => void navigate({ search: { edition: e === 'invest' ? undefined : e }, replace: true, resetScroll: false });
  return phone ? <SaasPhone edition={edition} onEditionChange={onEditionChange} /> : <SaasDesktop edition={edition} onEditionChange={onEditionChange} />;
}

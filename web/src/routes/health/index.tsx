import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AtlasTags } from '../../features/medical/AtlasTags';
import { BrokerReports } from '../../features/medical/BrokerReports';
import { HealthDatabase } from '../../features/medical/HealthDatabase';
import { loadHealthHome } from '../../features/medical/healthHome';
import { healthTitle } from '../../features/medical/healthLinks';
import { InfoSection } from '../../features/medical/InfoSection';
import { medicalInfoQueryOptions } from '../../features/medical/queries/info';
import { scopeQueryOptions } from '../../features/medical/queries/options';
import { TagBanner } from '../../features/medical/TagBanner';
import { TopTabs } from '../../features/medical/TopTabs';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BelowTheFold } from '../../ui/BelowTheFold';
import { Loading } from '../../ui/Loading';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';

/** Spec §2 "Healthcare home" (/health). Everything it loads first is open to visitors. */
export const Route = createFileRoute('/health/')({
  loader: async ({ context: { queryClient } }) => {
    // The atlas below the fold, like the database block: fills in as it arrives, in its own loading state meanwhile.
    void queryClient.prefetchQuery(scopeQueryOptions());
    await loadHealthHome(queryClient);
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: HealthHome,
});

function HealthHome() {
  useDocumentTitle(healthTitle());
  const basic = useQuery(medicalInfoQueryOptions(['basic'])).data?.basic;
  return (
    <div className="health-page">
      {basic ? <TagBanner basic={basic} kicker="医疗健康投资数据库" /> : <Loading />}
      <div className="health-grid">
        <InfoSection />
        <TopTabs />
      </div>
      <BelowTheFold>
        <AtlasTags />
        <BrokerReports />
        <HealthDatabase className="health-database" />
      </BelowTheFold>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_HOME_BLOCK_TAB, DEFAULT_INFO_TAB, HOME_BLOCK_TABS } from '../../../../worker/src/medical/constants';
import { AtlasTags } from '../../features/medical/AtlasTags';
import { BrokerReports } from '../../features/medical/BrokerReports';
import { FinancingChart } from '../../features/medical/FinancingChart';
import { healthTitle } from '../../features/medical/healthLinks';
import { InfoSection } from '../../features/medical/InfoSection';
import { MedicalBlock } from '../../features/medical/MedicalBlock';
import { blockQueryOptions } from '../../features/medical/queries/block';
import { healthDataQueryOptions } from '../../features/medical/queries/data';
import { medicalInfoQueryOptions } from '../../features/medical/queries/info';
import { scopeQueryOptions } from '../../features/medical/queries/options';
import { TagBanner } from '../../features/medical/TagBanner';
import { TopTabs } from '../../features/medical/TopTabs';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Loading } from '../../ui/Loading';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';

/** Spec §2 "Healthcare home" (/health). Everything it loads first is open to visitors. */
export const Route = createFileRoute('/health/')({
  loader: async ({ context: { queryClient } }) => {
    // Below the fold: those sections fill in as these arrive, each in its own loading state meanwhile.
    void queryClient.prefetchQuery(scopeQueryOptions());
    void queryClient.prefetchQuery(blockQueryOptions(HOME_BLOCK_TABS));
    // The first screen (banner, news tabs, ranking tabs) renders once, complete: its lists arriving one by
    // one pushed everything below them down (layout shift 0.16 in Lighthouse). The three calls run at once;
    // only the banner's failing fails the page: the two lists are awaited without throwing, so a list whose
    // call failed shows its own error state in its section.
    await Promise.all([
      queryClient.ensureQueryData(medicalInfoQueryOptions(['basic'])),
      queryClient.prefetchQuery(medicalInfoQueryOptions([DEFAULT_INFO_TAB])),
      queryClient.prefetchQuery(healthDataQueryOptions('unicorn')),
    ]);
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
      <AtlasTags />
      <BrokerReports />
      <section id="database" className="health-database" aria-label="数据库">
        <div className="health-card">
          <FinancingChart />
        </div>
        <MedicalBlock tabs={HOME_BLOCK_TABS} defaultTab={DEFAULT_HOME_BLOCK_TAB} />
      </section>
    </div>
  );
}

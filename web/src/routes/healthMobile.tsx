import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { DEFAULT_HOME_BLOCK_TAB, DEFAULT_INFO_TAB, HOME_BLOCK_TABS } from '../../../worker/src/medical/constants';
import { useViewer } from '../features/auth/me';
import { AtlasTags } from '../features/medical/AtlasTags';
import { FinancingChart } from '../features/medical/FinancingChart';
import { InfoSection } from '../features/medical/InfoSection';
import { MedicalBlock } from '../features/medical/MedicalBlock';
import { blockQueryOptions } from '../features/medical/queries/block';
import { healthDataQueryOptions } from '../features/medical/queries/data';
import { medicalInfoQueryOptions } from '../features/medical/queries/info';
import { TopTabs } from '../features/medical/TopTabs';
import { useRootFontSize } from '../features/medical/useRootFontSize';
import { formatCount, formatWan } from '../lib/format';
import { openLogin } from '../lib/gate';
import { site } from '../lib/site';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { AppLink } from '../ui/AppLink';
import { Loading } from '../ui/Loading';
import { RouteError } from '../ui/RouteError';
import { RoutePending } from '../ui/RoutePending';
import './health-mobile.css';

/**
 * /healthMobile: the healthcare page laid out for phones (phones, Android and the app opening
 * /health land here). Its own header and footer; rem is a tenth of the screen width.
 */
export const Route = createFileRoute('/healthMobile')({
  staticData: { ownChrome: true },
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(blockQueryOptions(HOME_BLOCK_TABS));
    // As on /health: the banner and the two lists under it render once, complete. The news list arriving
    // after the first paint pushed the ranking card down a whole screen (layout shift 0.41 in Lighthouse's
    // phone preset). Only the banner's failing fails the page; a failed list shows its own error state.
    await Promise.all([
      queryClient.ensureQueryData(medicalInfoQueryOptions(['basic'])),
      queryClient.prefetchQuery(medicalInfoQueryOptions([DEFAULT_INFO_TAB])),
      queryClient.prefetchQuery(healthDataQueryOptions('unicorn')),
    ]);
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: HealthMobile,
});

function HealthMobile() {
  useRootFontSize();
  useDocumentTitle(`医疗健康 - ${site.name}`);
  const { loggedIn } = useViewer();
  const basic = useQuery(medicalInfoQueryOptions(['basic'])).data?.basic;
  return (
    <div className="health-mobile">
      <header className="hm-header">
        <Link to="/" className="hm-brand">
          {site.name}
        </Link>
        <span className="hm-title">医疗健康</span>
        {loggedIn ? (
          <AppLink className="hm-action" href="/health-subscription">
            动态追踪
          </AppLink>
        ) : (
          <button type="button" className="hm-action" onClick={() => openLogin()}>
            登录
          </button>
        )}
      </header>
      <nav className="hm-anchors" aria-label="医疗健康导航">
        <a href="#information">资讯</a>
        <a href="#atlas">图谱</a>
        <a href="#database">数据库</a>
      </nav>
      {basic ? (
        <div className="hm-banner">
          <h1>{basic.name}</h1>
          <p>{basic.desc}</p>
          <dl>
            <div>
              <dt>公司</dt>
              <dd>{formatCount(basic.com_num)}</dd>
            </div>
            <div>
              <dt>融资事件</dt>
              <dd>{formatCount(basic.invse_num)}</dd>
            </div>
            <div>
              <dt>融资总额</dt>
              <dd>{formatWan(basic.total_money)}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <Loading />
      )}
      <div className="hm-body">
        <InfoSection />
        <TopTabs />
        <AtlasTags />
        <section id="database" className="hm-database" aria-label="数据库">
          <div className="health-card">
            <FinancingChart />
          </div>
          <MedicalBlock tabs={HOME_BLOCK_TABS} defaultTab={DEFAULT_HOME_BLOCK_TAB} />
        </section>
      </div>
      <footer className="hm-footer">
        <AppLink href="/health">电脑版</AppLink>
        <span>
          © {new Date().getFullYear()} {site.name}
        </span>
      </footer>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useViewer } from '../features/auth/me';
import { AtlasTags } from '../features/medical/AtlasTags';
import { HealthDatabase } from '../features/medical/HealthDatabase';
import { loadHealthHome } from '../features/medical/healthHome';
import { InfoSection } from '../features/medical/InfoSection';
import { medicalInfoQueryOptions } from '../features/medical/queries/info';
import { TagFigures } from '../features/medical/TagFigures';
import { TopTabs } from '../features/medical/TopTabs';
import { useRootFontSize } from '../features/medical/useRootFontSize';
import { openLogin } from '../lib/gate';
import { site } from '../lib/site';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { AppLink } from '../ui/AppLink';
import { BelowTheFold } from '../ui/BelowTheFold';
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
  loader: ({ context: { queryClient } }) => loadHealthHome(queryClient),
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
          <TagFigures basic={basic} companiesLabel="公司" />
        </div>
      ) : (
        <Loading />
      )}
      <div className="hm-body">
        <InfoSection />
        <BelowTheFold>
          <TopTabs />
          <AtlasTags />
          <HealthDatabase className="hm-database" />
        </BelowTheFold>
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

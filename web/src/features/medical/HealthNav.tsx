import { Link } from '@tanstack/react-router';
import { AppLink } from '../../ui/AppLink';
import { ShareButton } from '../../ui/ShareButton';
import { mobileHealthUrl } from './healthLinks';
import './health-nav.css';

/**
 * The healthcare area's bar. On /health: the area links (/health, /health-subscription), the
 * section anchors and the share button (QR code of /healthMobile). On a tag page: 首页, the news
 * and database anchors and 动态追踪.
 */
export function HealthNav({ onTagPage = false }: { onTagPage?: boolean }) {
  return (
    <nav className="health-nav" aria-label="医疗健康导航">
      <div className="health-nav-links">
        <Link to="/health" className="health-nav-item" activeOptions={{ exact: true }} activeProps={{ className: 'is-active' }}>
          {onTagPage ? '首页' : '医疗健康'}
        </Link>
        {onTagPage ? (
          <>
            <a className="health-nav-item" href="#information">
              资讯
            </a>
            <a className="health-nav-item" href="#database">
              数据库
            </a>
          </>
        ) : (
          <>
            <a className="health-nav-item" href="#information">
              资讯
            </a>
            <a className="health-nav-item" href="#atlas">
              产业图谱
            </a>
            <a className="health-nav-item" href="#report">
              研报
            </a>
            <a className="health-nav-item" href="#database">
              数据库
            </a>
          </>
        )}
        <AppLink className="health-nav-item health-nav-track" href="/health-subscription">
          动态追踪
        </AppLink>
      </div>
      <ShareButton url={mobileHealthUrl()} caption="微信扫一扫，在手机上打开医疗健康" />
    </nav>
  );
}

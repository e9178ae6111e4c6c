import { Link } from '@tanstack/react-router';
import { site } from '../../lib/site';

/** Spec §2 "Other": related services, contact, copyright year and filing number, all from lib/site.ts. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <strong>{site.name}</strong>
          <span>{site.slogan}</span>
        </div>
        <nav className="footer-links" aria-label="相关服务">
          <Link to="/">首页</Link>
          <a href={site.dataApiHref}>数据API</a>
          <a href={site.mallHref}>桔子商城</a>
        </nav>
        <address className="footer-contact">
          <span>
            联系邮箱：<a href={`mailto:${site.email}`}>{site.email}</a>
          </span>
          <span>
            联系电话：<a href={`tel:${site.phone}`}>{site.phone}</a>
          </span>
        </address>
        <p className="footer-legal">
          <span>
            © {site.copyrightYear} {site.name} 版权所有
          </span>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {site.filing}
          </a>
        </p>
      </div>
    </footer>
  );
}

import { Link } from '@tanstack/react-router';
import { site } from '../../lib/site';
import { FooterContact, FooterLegal } from '../layout/FooterParts';
import './saas-footer.css';

/**
 * The SaaS pages' footer: the official site, the data API and the mall, contact e-mail and
 * phone, copyright year and filing number, all from the one global config (lib/site.ts).
 */
export function SaasFooter({ phone }: { phone: boolean }) {
  return (
    <footer className={`saas-footer ${phone ? 'saas-footer-phone' : ''}`}>
      <div className="saas-footer-inner">
        <nav className="saas-footer-links" aria-label="相关服务">
          <Link to="/">{site.name}官网</Link>
          <a href={site.dataApiHref}>数据API</a>
          <a href={site.mallHref}>桔子商城</a>
        </nav>
        <FooterContact className="saas-footer-contact" />
        <FooterLegal className="saas-footer-legal" />
      </div>
    </footer>
  );
}

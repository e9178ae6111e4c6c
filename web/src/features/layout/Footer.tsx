import { Link } from '@tanstack/react-router';
import { site } from '../../lib/site';
import { FooterContact, FooterLegal } from './FooterParts';

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
        <FooterContact className="footer-contact" />
        <FooterLegal className="footer-legal" />
      </div>
    </footer>
  );
}

import { site } from '../../lib/site';

/** The footer's contact lines (e-mail and phone from lib/site.ts), shared by the site footer and the SaaS footer. */
export function FooterContact({ className }: { className: string }) {
  return (
    <address className={className}>
      <span>
        联系邮箱：<a href={`mailto:${site.email}`}>{site.email}</a>
      </span>
      <span>
        联系电话：<a href={`tel:${site.phone}`}>{site.phone}</a>
      </span>
    </address>
  );
}

/** Copyright year and filing number (spec §2 "Other"). */
export function FooterLegal({ className }: { className: string }) {
  return (
    <p className={className}>
      <span>
        © {site.copyrightYear} {site.name} 版权所有
      </span>
      <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
        {site.filing}
      </a>
    </p>
  );
}

import { Link } from '@tanstack/react-router';
import { AdvantageGrid } from './AdvantageGrid';
import { ADVANTAGES, EDITIONS, INVEST_MODULES, PARK_MODULES, PRODUCT } from './content';
import { EditionTabs } from './EditionTabs';
import { ModuleSection } from './ModuleSection';
import { PermissionPanel } from './PermissionPanel';
import type { SaasPageProps } from './SaasDesktop';
import { SaasFooter } from './SaasFooter';
import { SaasHeader } from './SaasHeader';
import './saas-phone.css';

/** /saas on a phone: a short hero, a one-column advantage list, module cards and a bottom trial bar. */
export function SaasPhone({ edition, onEditionChange }: SaasPageProps) {
  const modules = edition === 'park' ? PARK_MODULES : INVEST_MODULES;
  return (
    <div className="saas-page saas-phone">
      <SaasHeader phone />
      <div className="saas-main">
        <section className="saas-phone-hero">
          <h1>{PRODUCT.name}</h1>
          <p className="saas-phone-tagline">{PRODUCT.tagline}</p>
          <p className="saas-phone-intro">{PRODUCT.intro}</p>
          <div className="saas-phone-actions">
            <Link to="/saas/try" className="btn btn-primary">
              免费申请试用
            </Link>
            <a href={PRODUCT.pdfHref} download={PRODUCT.pdfName} className="btn saas-phone-pdf">
              产品介绍PDF
            </a>
          </div>
        </section>

        <section className="saas-phone-block" aria-labelledby="saas-advantages">
          <h2 id="saas-advantages">九大优势</h2>
          <AdvantageGrid items={ADVANTAGES} phone />
        </section>

        <section className="saas-phone-block" aria-labelledby="saas-modules">
          <h2 id="saas-modules">功能模块</h2>
          <p className="saas-phone-sub">{EDITIONS[edition]}包含以下模块</p>
          <EditionTabs value={edition} onChange={onEditionChange} />
          {modules.map((m, i) => (
            <ModuleSection key={m.key} module={m} index={i} phone />
          ))}
        </section>

        <div className="saas-phone-block">
          <PermissionPanel phone />
        </div>
      </div>
      <SaasFooter phone />
    </div>
  );
}

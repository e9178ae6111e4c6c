import { Link } from '@tanstack/react-router';
import { AdvantageGrid } from './AdvantageGrid';
import { ADVANTAGES, EDITIONS, INVEST_MODULES, PARK_MODULES, PRODUCT, type Edition } from './content';
import { EditionTabs } from './EditionTabs';
import { ModuleSection } from './ModuleSection';
import { PermissionPanel } from './PermissionPanel';
import { SaasFooter } from './SaasFooter';
import { SaasHeader } from './SaasHeader';
import './saas-desktop.css';

export interface SaasPageProps {
  edition: Edition;
  onEditionChange: (e: Edition) => void;
}

/** /saas on a wide screen: hero with a product window, 3 × 3 advantages, alternating module sections. */
export function SaasDesktop({ edition, onEditionChange }: SaasPageProps) {
  const modules = edition === 'park' ? PARK_MODULES : INVEST_MODULES;
  return (
    <div className="saas-page saas-desktop">
      <SaasHeader phone={false} />
      <div className="saas-main">
        <section className="saas-hero">
          <div className="saas-hero-inner">
            <div className="saas-hero-text">
              <h1>{PRODUCT.name}</h1>
              <p className="saas-hero-tagline">{PRODUCT.tagline}</p>
              <p className="saas-hero-intro">{PRODUCT.intro}</p>
              <div className="saas-hero-actions">
                <Link to="/saas/try" className="btn btn-primary saas-hero-cta">
                  免费申请试用
                </Link>
                <a href={PRODUCT.pdfHref} download={PRODUCT.pdfName} className="btn saas-hero-pdf">
                  下载产品介绍
                </a>
              </div>
            </div>
            <div className="saas-hero-window" aria-hidden="true">
              <div className="saas-hero-window-bar" />
              <div className="saas-hero-window-body">
                {INVEST_MODULES.map((m) => (
                  <span key={m.key}>{m.title}</span>
                ))}
              </div>
            </div>
          </div>
        </section>

        <section className="saas-block" aria-labelledby="saas-advantages">
          <h2 id="saas-advantages" className="saas-block-title">
            九大优势
          </h2>
          <p className="saas-block-sub">投资机构日常工作的每一步，都有趁手的工具</p>
          <AdvantageGrid items={ADVANTAGES} phone={false} />
        </section>

        <section className="saas-block saas-modules" aria-labelledby="saas-modules">
          <h2 id="saas-modules" className="saas-block-title">
            功能模块
          </h2>
          <p className="saas-block-sub">{EDITIONS[edition]}包含以下模块</p>
          <EditionTabs value={edition} onChange={onEditionChange} />
          {modules.map((m, i) => (
            <ModuleSection key={m.key} module={m} index={i} phone={false} />
          ))}
        </section>

        <div className="saas-block">
          <PermissionPanel phone={false} />
        </div>

        <section className="saas-cta" aria-labelledby="saas-cta-title">
          <h2 id="saas-cta-title">立即开通，免费试用</h2>
          <p>两个工作日内专人联系，协助导入数据、完成培训</p>
          <Link to="/saas/try" className="btn btn-primary">
            申请试用
          </Link>
        </section>
      </div>
      <SaasFooter phone={false} />
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import { PRODUCT } from './content';
import { useScrolledPast } from './useScrollY';
import './saas-header.css';

/** The trial button shows once the page has scrolled past the hero's own button. */
export const TRIAL_BUTTON_AFTER = 240;

/**
 * The fixed header of /saas and /saas/try: transparent over the hero at the top, opaque after any
 * scroll. The apply-for-trial button appears as the page scrolls; the trial page itself leaves it
 * out (`noTrial`).
 */
export function SaasHeader({ phone, noTrial = false }: { phone: boolean; noTrial?: boolean }) {
  const opaque = useScrolledPast(0);
  const showTrial = useScrolledPast(TRIAL_BUTTON_AFTER) && !noTrial;
  return (
    <header className={`saas-header ${phone ? 'saas-header-phone' : ''} ${opaque ? 'is-opaque' : 'is-transparent'}`} data-opaque={opaque}>
      <div className="saas-header-inner">
        <Link to="/saas" className="saas-brand">
          <span className="saas-brand-mark" aria-hidden="true">
            桔
          </span>
          <span className="saas-brand-name">{phone ? PRODUCT.short : PRODUCT.name}</span>
        </Link>
        <nav className="saas-header-nav" aria-label="投资管理系统">
          {!phone && <Link to="/">桔子数据</Link>}
          <a href={PRODUCT.pdfHref} download={PRODUCT.pdfName} className="saas-pdf-link">
            {phone ? '产品介绍' : '产品介绍（PDF）'}
          </a>
          {!noTrial && (
            <Link
              to="/saas/try"
              className={`btn btn-primary btn-sm saas-trial-btn ${showTrial ? 'is-shown' : ''}`}
              aria-hidden={!showTrial}
              tabIndex={showTrial ? undefined : -1}
            >
              申请试用
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

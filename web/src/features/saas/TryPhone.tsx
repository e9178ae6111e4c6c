import { SaasFooter } from './SaasFooter';
import { SaasHeader } from './SaasHeader';
import { TrialForm } from './TrialForm';
import { TrialNotes } from './TrialNotes';
import './try-phone.css';

/** /saas/try on a phone: a short banner, the form full width, the notes under it, the footer. */
export function TryPhone({ onSuccess }: { onSuccess: () => void }) {
  return (
    <div className="saas-page try-phone">
      <SaasHeader phone noTrial />
      <div className="saas-main">
        <section className="try-phone-banner">
          <h1>申请免费试用</h1>
          <p>两个工作日内专人联系您</p>
        </section>
        <section className="try-phone-card" aria-label="填写申请信息">
          <TrialForm phone onSuccess={onSuccess} />
        </section>
        <div className="try-phone-notes">
          <TrialNotes phone />
        </div>
      </div>
      <SaasFooter phone />
    </div>
  );
}

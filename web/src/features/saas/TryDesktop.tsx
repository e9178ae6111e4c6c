import { PRODUCT } from './content';
import { SaasFooter } from './SaasFooter';
import { SaasHeader } from './SaasHeader';
import { TrialForm } from './TrialForm';
import { TrialNotes } from './TrialNotes';
import './try-desktop.css';

/** /saas/try on a wide screen: a banner, the form in a card beside the notes, the footer. */
export function TryDesktop({ onSuccess }: { onSuccess: () => void }) {
  return (
    <div className="saas-page try-desktop">
      <SaasHeader phone={false} noTrial />
      <div className="saas-main">
        <section className="try-banner">
          <h1>申请试用{PRODUCT.name}</h1>
          <p>填写以下信息，专人为您开通试用账号</p>
        </section>
        <div className="try-body">
          <section className="try-card" aria-labelledby="try-form-title">
            <h2 id="try-form-title">填写申请信息</h2>
            <TrialForm phone={false} onSuccess={onSuccess} />
          </section>
          <TrialNotes phone={false} />
        </div>
      </div>
      <SaasFooter phone={false} />
    </div>
  );
}

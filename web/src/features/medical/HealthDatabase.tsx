import { DEFAULT_HOME_BLOCK_TAB, HOME_BLOCK_TABS } from '../../../../worker/src/medical/constants';
import { FinancingChart } from './FinancingChart';
import { MedicalBlock } from './MedicalBlock';

/** The database section of the healthcare home (#database, /health and /healthMobile): the financing chart and the block of lists. */
export function HealthDatabase({ className }: { className: string }) {
  return (
    <section id="database" className={className} aria-label="数据库">
      <div className="health-card">
        <FinancingChart />
      </div>
      <MedicalBlock tabs={HOME_BLOCK_TABS} defaultTab={DEFAULT_HOME_BLOCK_TAB} />
    </section>
  );
}

import type { LedgerRow } from '../order/queries/ledger';
import { AppLink } from '../../ui/AppLink';
import './ledger-reason.css';

/** A ledger row's reason and what it paid for or came from (company, closing reason, export file, order), linked to its page. */
export function LedgerReason({ row }: { row: Pick<LedgerRow, 'reason_text' | 'ref_name' | 'link'> }) {
  if (!row.ref_name) return <>{row.reason_text}</>;
  return (
    <span className="ledger-reason">
      <span className="ledger-reason-kind">{row.reason_text}</span>
      {row.link ? (
        <AppLink className="ledger-reason-object" href={row.link}>
          {row.ref_name}
        </AppLink>
      ) : (
        <span className="ledger-reason-object">{row.ref_name}</span>
      )}
    </span>
  );
}

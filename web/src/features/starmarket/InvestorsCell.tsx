import { useState } from 'react';
import { INVESTORS_SHOWN } from '../../../../worker/src/starmarket/constants';
import './starmarket.css';

export interface Investor {
  id: number | null;
  name: string;
}

/**
 * Investors of a financing record: the first three, then '展开' for the rest ('收起' again).
 * A firm in the firm database links to /investfirm/{id}; one without an id is plain text.
 */
export function InvestorsCell({ investors }: { investors: readonly Investor[] }) {
  const [open, setOpen] = useState(false);
  if (!investors.length) return <span className="muted">未透露</span>;
  const shown = open ? investors : investors.slice(0, INVESTORS_SHOWN);
  const hidden = investors.length - INVESTORS_SHOWN;
  return (
    <span className="investors-cell">
      {shown.map((inv, i) => (
        <span key={`${inv.id ?? 'x'}-${i}`} className="investor">
          {inv.id ? (
            <a href={`/investfirm/${inv.id}`} target="_blank" rel="noreferrer">
              {inv.name}
            </a>
          ) : (
            <span>{inv.name}</span>
          )}
          {i < shown.length - 1 && '、'}
        </span>
      ))}
      {hidden > 0 && (
        <button type="button" className="link-btn investors-toggle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? '收起' : `展开(${hidden})`}
        </button>
      )}
    </span>
  );
}

import { useState } from 'react';
import { INVESTORS_SHOWN } from '../../../../worker/src/starmarket/constants';
import { AppLink } from '../../ui/AppLink';
import type { EventRow } from './queries/entity';

/**
 * An event's investors: firms link to /investfirm/{id}, individual investors to /person/{id}, others
 * are plain text; 3 names before an expand link (spec §9).
 */
export function InvestorLinks({ investors }: { investors: EventRow['invst'] }) {
  const [open, setOpen] = useState(false);
  if (!investors.length) return <span className="muted">未透露</span>;
  const shown = open ? investors : investors.slice(0, INVESTORS_SHOWN);
  return (
    <span className="investor-links">
      {shown.map((i, n) => (
        <span key={`${i.type}-${i.id}-${i.name}`}>
          {n > 0 && '、'}
          {i.type === 'invst' && i.id > 0 ? (
            <AppLink href={`/investfirm/${i.id}`}>{i.name}</AppLink>
          ) : i.type === 'person' && i.person_id > 0 ? (
            <AppLink href={`/person/${i.person_id}`}>{i.name}</AppLink>
          ) : (
            i.name
          )}
        </span>
      ))}
      {investors.length > INVESTORS_SHOWN && (
        <button type="button" className="link-btn" onClick={() => setOpen(!open)}>
          {open ? '收起' : `展开（共${investors.length}家）`}
        </button>
      )}
    </span>
  );
}

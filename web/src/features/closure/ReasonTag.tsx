import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import './reason-tag.css';

/** The /deathReason search that shows a closing reason: its parent and itself. */
export const reasonSearch = (r: { id: number; p_id: number }) => ({ parent_id: r.p_id, child_id: r.id });

export interface ReasonTagProps {
  reason: { id: number; p_id: number; name: string };
  /** 'outline' in a company's detail block; 'fill' in the failed-company list. */
  tone?: 'outline' | 'fill';
  /** E.g. a login gate that cancels the navigation for a visitor. */
  onClick?: (e: MouseEvent<HTMLAnchorElement>) => void;
}

/** A closing reason of a company as a tag linking to that reason's page. */
export function ReasonTag({ reason, tone = 'outline', onClick }: ReasonTagProps) {
  return (
    <Link to="/deathReason" search={reasonSearch(reason)} className={`reason-tag reason-tag-${tone}`} onClick={onClick}>
      {reason.name}
    </Link>
  );
}

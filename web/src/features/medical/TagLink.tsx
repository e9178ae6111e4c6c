import type { ReactNode } from 'react';
import { useRequireVip } from '../../lib/gate';
import { useViewer } from '../auth/me';
import { tagHref } from './healthLinks';

/**
 * An atlas tag: a VIP opens its page (/health/{id}) in a new tab; anyone else gets the login dialog
 * (visitor) or the membership prompt (popup type 3) instead.
 */
export function TagLink({ id, className, children }: { id: number; className?: string; children: ReactNode }) {
  const { isVip } = useViewer();
  const requireVip = useRequireVip('health');
  if (isVip) {
    return (
      <a className={className} href={tagHref(id)} target="_blank" rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={() => void requireVip(() => window.open(tagHref(id), '_blank', 'noopener'))}>
      {children}
    </button>
  );
}

import { useCallback, useState } from 'react';
import { requireLogin } from '../../lib/gate';
import { IncenseAnimation } from './IncenseAnimation';
import { IncenseIcon } from './IncenseIcon';
import { IncenseDialog } from './IncenseDialog';
import type { IncenseResult, IncenseType } from './queries/incense';
import './incense-button.css';

export interface IncenseButtonProps {
  /** 1 = a closed company (com_id), 2 = a closing reason (a second-level closure type id). */
  type: IncenseType;
  itemId: number;
  /** The company or reason name, shown in the dialog title. */
  itemName?: string;
  /** The area for /order?from=<from> on a short balance; defaults to 'deathCompany'. */
  from?: string;
  /** Called after a successful offering (the reason page switches to its records tab and reloads). */
  onSuccess?: (result: IncenseResult) => void;
  /** Button text, '上香' by default. */
  label?: string;
  className?: string;
}

/**
 * The incense button with its dialog and the full-screen animation. A visitor gets the login
 * dialog; a user chooses an amount, pays that many coins and watches the sticks burn.
 * After success the coin balance (['user']) and the target's records and rankings refetch.
 * For a closing reason pass the second-level type id with INCENSE_TYPES.reason and from="deathReason".
 */
export function IncenseButton({ type, itemId, itemName, from = 'deathCompany', onSuccess, label = '上香', className }: IncenseButtonProps) {
  const [open, setOpen] = useState(false);
  const [lit, setLit] = useState<number | null>(null);
  const closeScene = useCallback(() => setLit(null), []);
  return (
    <>
      <button type="button" className={className ?? 'btn btn-incense btn-sm'} onClick={() => requireLogin(() => setOpen(true))}>
        <IncenseIcon />
        {label}
      </button>
      <IncenseDialog
        open={open}
        onOpenChange={setOpen}
        type={type}
        itemId={itemId}
        itemName={itemName}
        from={from}
        onLit={(result, amount) => {
          setLit(amount);
          onSuccess?.(result);
        }}
      />
      <IncenseAnimation open={lit !== null} amount={lit ?? undefined} onClose={closeScene} />
    </>
  );
}

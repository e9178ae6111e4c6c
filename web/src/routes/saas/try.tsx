import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { TrialSuccessDialog } from '../../features/saas/TrialSuccessDialog';
import { TryDesktop } from '../../features/saas/TryDesktop';
import { TryPhone } from '../../features/saas/TryPhone';
import { usePhoneLayout } from '../../features/saas/usePhoneLayout';

export const Route = createFileRoute('/saas/try')({
  component: TryPage,
});

/** The trial application: desktop and phone layouts, each with the form, notes, footer and the success pop-up. */
function TryPage() {
  const phone = usePhoneLayout();
  const [done, setDone] = useState(false);
  const onSuccess = () => setDone(true);
  return (
    <>
      {phone ? <TryPhone onSuccess={onSuccess} /> : <TryDesktop onSuccess={onSuccess} />}
      <TrialSuccessDialog open={done} onOpenChange={setDone} />
    </>
  );
}

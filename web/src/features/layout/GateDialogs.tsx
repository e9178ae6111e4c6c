import { LoginDialog } from '../auth/LoginDialog';
import { MembershipPrompt } from './MembershipPrompt';
import { RechargeConfirm } from './RechargeConfirm';

/** The gate's dialogs, mounted once in the root layout (see lib/gate.ts). */
export function GateDialogs() {
  return (
    <>
      <LoginDialog />
      <MembershipPrompt />
      <RechargeConfirm />
    </>
  );
}

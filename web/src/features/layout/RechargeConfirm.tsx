import { closeGate, orderHref, useGateDialog } from '../../lib/gate';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/**
 * Opened by the gate on INSUFFICIENT_COINS (or `openRecharge`). The server's message carries the
 * figures (companies, coins to deduct, balance); '去充值' leads to /order?from=<area>.
 */
export function RechargeConfirm() {
  const dialog = useGateDialog();
  const open = dialog?.kind === 'recharge';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => !o && closeGate()}
      title="桔子币余额不足"
      message={(open && dialog.msg) || '桔子币余额不足，请先充值'}
      confirmText="去充值"
      cancelText="取消"
      confirmHref={orderHref(open ? dialog.from : undefined, open ? dialog.ret : undefined)}
    />
  );
}

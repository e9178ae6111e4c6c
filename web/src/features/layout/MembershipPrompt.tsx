import { closeGate, orderHref, useGateDialog } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import { Dialog } from '../../ui/Dialog';

const BENEFITS = ['死亡公司列表不限页数浏览', '科创板信息披露检索', '医疗健康产业图谱标签页与每日动态订阅', '筛选栏展开全部选项'];

/** Opened by the gate on VIP_REQUIRED / SVIP_REQUIRED (or `openMembership`): explains and links to /order?from=<area>. */
export function MembershipPrompt() {
  const dialog = useGateDialog();
  const open = dialog?.kind === 'membership';
  const svip = open && dialog.svip;
  const from = open ? dialog.from : undefined;
  const ret = open ? dialog.ret : undefined;
  const fallback = svip ? '该功能仅对超级VIP会员开放' : '该功能仅对VIP会员开放，请升级会员';
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && closeGate()}
      title={svip ? '开通超级VIP' : '开通VIP会员'}
      description={(open && dialog.msg) || fallback}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={closeGate}>
            再想想
          </button>
          <AppLink href={orderHref(from, ret)} className="btn btn-primary" onClick={closeGate}>
            立即开通
          </AppLink>
        </>
      }
    >
      <ul className="benefits">
        {BENEFITS.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </Dialog>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { Dialog } from '../../ui/Dialog';
import './trial-success-dialog.css';

/** The pop-up after a stored application: the backdrop, Esc and × close it; its buttons lead to /saas. */
export function TrialSuccessDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const toIntro = () => {
    onOpenChange(false);
    void navigate({ to: '/saas' });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="申请提交成功"
      description="感谢您的关注！我们的工作人员将在两个工作日内与您联系，请保持电话畅通。"
      footer={
        <div className="trial-success-actions">
          <button type="button" className="btn btn-ghost" onClick={toIntro}>
            了解产品功能
          </button>
          <button type="button" className="btn btn-primary" onClick={toIntro}>
            返回产品首页
          </button>
        </div>
      }
    >
      <div className="trial-success-icon" aria-hidden="true">
        ✓
      </div>
    </Dialog>
  );
}

import * as RadixDialog from '@radix-ui/react-dialog';
import './open-app-mask.css';

/**
 * The mask over a share page: continuing needs the app. '打开App' opens it (its link scheme);
 * '再看看', Esc or a tap on the dimmed area dismisses it. Focus stays inside while it is open.
 * Clicks inside stop here: through the portal they would reach the wrapper and reopen it.
 */
export function OpenAppMask({ open, onOpenChange, appLink }: { open: boolean; onOpenChange: (open: boolean) => void; appLink: string }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="open-app-overlay" onClick={(e) => e.stopPropagation()} />
        <RadixDialog.Content className="open-app-mask" aria-describedby={undefined} onClick={(e) => e.stopPropagation()}>
          <div className="open-app-logo" aria-hidden="true">
            桔
          </div>
          <RadixDialog.Title className="open-app-title">打开桔子App继续浏览</RadixDialog.Title>
          <p className="open-app-text">查看完整动态、评论与更多创投资讯，请在App中继续</p>
          <div className="open-app-actions">
            <a className="open-app-primary" href={appLink}>
              打开App
            </a>
            <RadixDialog.Close className="open-app-secondary">再看看</RadixDialog.Close>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

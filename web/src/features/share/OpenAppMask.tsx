import * as RadixDialog from '@radix-ui/react-dialog';
import './open-app-mask.css';

/**
 * The mask over a share page: continuing needs the app. '打开App' opens it (its link scheme);
 * '再看看', Esc or a tap on the dimmed area dismisses it. Focus stays inside while it is open.
 * Its clicks must reach the document: for a touch, Radix dismisses on the click that follows the
 * pointerdown outside, listened for on the document (the wrapper ignores clicks from the portal).
 */
export function OpenAppMask({ open, onOpenChange, appLink }: { open: boolean; onOpenChange: (open: boolean) => void; appLink: string }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="open-app-overlay" />
        <RadixDialog.Content className="open-app-mask" aria-describedby={undefined}>
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

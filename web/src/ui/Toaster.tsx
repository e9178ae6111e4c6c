import * as RadixToast from '@radix-ui/react-toast';
import { useStore } from '../lib/store';
import { dismissToast, toastStore } from './toast';

/** Renders the notices of `toast()`; mounted once in the root layout. */
export function Toaster() {
  const items = useStore(toastStore);
  return (
    <RadixToast.Provider swipeDirection="up" label="通知">
      {items.map((t) => (
        <RadixToast.Root
          key={t.id}
          className={`toast toast-${t.tone}`}
          duration={t.duration}
          type={t.tone === 'error' || t.tone === 'warning' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
        >
          <RadixToast.Description>{t.msg}</RadixToast.Description>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" label="通知 ({hotkey})" />
    </RadixToast.Provider>
  );
}

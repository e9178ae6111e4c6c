import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown as the heading and used as the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The element that last had focus. A dialog opened after an action often finds focus on <body>: the
 * button that started it was disabled while the request ran ('提交中…') and the browser dropped its
 * focus. That button is still the dialog's opener.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement && !e.target.closest('[role="dialog"], [role="alertdialog"]')) lastFocused = e.target;
  });
}

/**
 * Focuses `el`, and keeps trying for a short while when it cannot take focus yet: a button disabled
 * while its request ran, or while its page refreshes its data, is enabled again soon after the
 * dialog closes. It stops as soon as focus has gone anywhere else on purpose.
 */
function refocus(el: HTMLElement, tries = 20) {
  el.focus();
  if (document.activeElement === el || tries === 0) return;
  setTimeout(() => {
    const idle = document.activeElement === null || document.activeElement === document.body;
    if (el.isConnected && idle) refocus(el, tries - 1);
  }, 25);
}

/**
 * Modal dialog on Radix: focus is trapped inside, Esc and the × button close it,
 * focus returns to the opener, and the title labels it for screen readers.
 *
 * Our dialogs are opened programmatically (state, the gate's store), not by a Dialog.Trigger, and
 * Radix then returns focus to its (absent) trigger, i.e. nowhere. So the element that had focus
 * when the dialog opened is remembered here and focused again when it closes, if it is still in
 * the page.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md' }: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (its focus scope does so in an effect).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
  }, [open]);
  const returnFocus = (e: Event) => {
    const el = opener.current;
    opener.current = null;
    if (!el?.isConnected) return;
    e.preventDefault();
    refocus(el);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog dialog-${size}`}
          onCloseAutoFocus={returnFocus}
          // Without a description Radix must not point aria-describedby at a missing node.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>}
          {children && <div className="dialog-body">{children}</div>}
          {footer && <footer className="dialog-footer">{footer}</footer>}
          {/* Last in DOM order so the first field, not ×, gets the initial focus; CSS puts it top-right. */}
          <RadixDialog.Close className="dialog-close" aria-label="关闭">
            ×
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

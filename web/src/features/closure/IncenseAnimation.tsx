import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import './incense-animation.css';

/** Length of the burning animation; the overlay closes itself at its end. */
export const INCENSE_ANIMATION_MS = 3000;

export interface IncenseAnimationProps {
  open: boolean;
  /** Called on a click anywhere, on Esc, and when the animation ends. */
  onClose: () => void;
  /** How many sticks were lit, for the caption. */
  amount?: number;
}

/**
 * The full-screen scene after a successful offering: three incense sticks burn down in a censer
 * while smoke rises (pure CSS keyframes). It closes on a click, on Esc, or by itself after ~3 s.
 */
export function IncenseAnimation({ open, onClose, amount }: IncenseAnimationProps) {
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(onClose, INCENSE_ANIMATION_MS);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className="incense-scene" role="dialog" aria-modal="true" aria-label="上香成功" onClick={onClose}>
      <div className="incense-stage" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`incense-stick incense-stick-${i}`}>
            <span className="incense-tip">
              <span className="incense-smoke" />
              <span className="incense-smoke incense-smoke-late" />
              <span className="incense-ember" />
            </span>
            <span className="incense-body" />
          </div>
        ))}
        <div className="incense-censer" />
      </div>
      <p className="incense-caption">{amount ? `已上香 ${amount} 炷，愿逝者安息` : '上香成功，愿逝者安息'}</p>
      <p className="incense-hint">点击任意处关闭</p>
    </div>,
    document.body,
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '../../../../worker/src/closure/constants';
import { requireLogin } from '../../lib/gate';
import './comment-composer.css';

export interface CommentComposerProps {
  /** Sends the trimmed, non-empty text; resolves when posted (the box then clears). */
  onSubmit: (text: string) => Promise<unknown>;
  placeholder?: string;
  submitText?: string;
  /** Shows a 取消 button (reply boxes). */
  onCancel?: () => void;
  autoFocus?: boolean;
  busy?: boolean;
}

/**
 * A text box with 发布 (and 取消 for replies). Empty or blank text is never sent; a visitor
 * gets the login dialog. The character cap (COMMENT_MAX) is the worker's; the box stops there too.
 */
export function CommentComposer({ onSubmit, placeholder = '说说你的看法…', submitText = '发布', onCancel, autoFocus, busy }: CommentComposerProps) {
  const [text, setText] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !requireLogin()) return;
    const trimmed = text.trim();
    if (!trimmed) {
      setHint('请输入内容');
      ref.current?.focus();
      return;
    }
    onSubmit(trimmed).then(
      () => setText(''),
      // The gate has already shown why; keep the text so nothing typed is lost.
      () => undefined,
    );
  };

  return (
    <form className="comment-composer" onSubmit={submit}>
      <textarea
        ref={ref}
        value={text}
        maxLength={COMMENT_MAX}
        rows={onCancel ? 2 : 3}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          setHint(null);
        }}
      />
      <div className="comment-composer-bar">
        {hint && <span className="comment-hint">{hint}</span>}
        {onCancel && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            取消
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? '发布中…' : submitText}
        </button>
      </div>
    </form>
  );
}

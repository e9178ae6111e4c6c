/** A spinner with text, announced politely to screen readers. */
export function Loading({ text = '加载中…', inline = false }: { text?: string; inline?: boolean }) {
  return (
    <div className={inline ? 'loading loading-inline' : 'loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

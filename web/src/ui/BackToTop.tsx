/**
 * '回到顶部' at the end of a long list (the 100-row rankings): back to the top of the page, focus on
 * what `focusTarget` finds (e.g. the chosen tab) so keyboard users start over there too. In the page's flow, so it
 * never covers a row.
 */
export function BackToTop({ focusTarget }: { focusTarget?: () => HTMLElement | null | undefined }) {
  const back = () => {
    // Focus first (without scrolling to it), then one jump to the very top (a smooth scroll past 100
    // rows is slow, and images loading on the way could leave it short of the top).
    const el = focusTarget?.();
    if (el) {
      if (!el.hasAttribute('tabindex') && !el.matches('a, button, input, select, textarea')) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  };
  return (
    <div className="back-to-top">
      <button type="button" className="btn btn-ghost btn-sm back-to-top-btn" onClick={back}>
        <span aria-hidden="true">↑</span> 回到顶部
      </button>
    </div>
  );
}

import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * ui/BelowTheFold: on the page the document was opened on, the sections below the first screen come
 * after it (a placeholder holds their place meanwhile); anywhere else, and on a link to an anchor,
 * they render with the page, so an anchor or a restored scroll position finds them.
 */
async function fresh(url: string) {
  // lib/firstScreen notes the opened page when it is first evaluated, as the app's entry does at boot.
  window.history.replaceState(null, '', url);
  vi.resetModules();
  return (await import('../../../web/src/ui/BelowTheFold')).BelowTheFold;
}

type Fold = Awaited<ReturnType<typeof fresh>>;
/** The page's sections below the first screen, wrapped as /health wraps them. */
const renderSections = (BelowTheFold: Fold) =>
  render(
    <BelowTheFold>
      <p>产业图谱</p>
    </BelowTheFold>,
  );

describe('BelowTheFold', () => {
  beforeEach(() => document.body.replaceChildren());

  it('on the opening page renders the sections after the first screen, then at once on a later visit', async () => {
    const BelowTheFold = await fresh('/health');
    const first = renderSections(BelowTheFold);
    expect(screen.queryByText('产业图谱')).toBeNull();
    expect(first.container.querySelector('.below-the-fold-placeholder')).not.toBeNull();
    await screen.findByText('产业图谱');
    expect(first.container.querySelector('.below-the-fold-placeholder')).toBeNull();
    first.unmount();
    // Back on the page (a client-side navigation): drawn with it, so the scroll position can be restored.
    renderSections(BelowTheFold);
    expect(screen.getByText('产业图谱')).toBeTruthy();
  });

  it('renders at once on a page reached by a link inside the app', async () => {
    const BelowTheFold = await fresh('/deathCompany');
    window.history.pushState(null, '', '/health');
    renderSections(BelowTheFold);
    expect(screen.getByText('产业图谱')).toBeTruthy();
  });

  it('renders at once when the page was opened on an anchor', async () => {
    const BelowTheFold = await fresh('/health#atlas');
    renderSections(BelowTheFold);
    expect(screen.getByText('产业图谱')).toBeTruthy();
  });

  it('on a phone opening /health, treats /healthMobile (where the root route sends it) as the opening page', async () => {
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    try {
      const BelowTheFold = await fresh('/health');
      window.history.replaceState(null, '', '/healthMobile');
      const first = renderSections(BelowTheFold);
      expect(screen.queryByText('产业图谱')).toBeNull();
      expect(first.container.querySelector('.below-the-fold-placeholder')).not.toBeNull();
      await screen.findByText('产业图谱');
    } finally {
      ua.mockRestore();
    }
  });
});

describe('openedPlainly', () => {
  const opened = async (url: string) => {
    window.history.replaceState(null, '', url);
    vi.resetModules();
    return (await import('../../../web/src/lib/firstScreen')).openedPlainly();
  };

  // main.tsx skips the router's scroll to the top after the first page of such a load (nothing to restore).
  it('is true for a plain load and false for one on an anchor', async () => {
    expect(await opened('/deathCompany')).toBe(true);
    expect(await opened('/health#atlas')).toBe(false);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClosureNavBar } from '../../../web/src/features/closure/ClosureNavBar';
import { setToken } from '../../../web/src/lib/token';
import { meBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

beforeEach(() => {
  resetApp();
  visit('/deathCompany');
});
afterEach(resetApp);

describe('ClosureNavBar', () => {
  it('highlights the current page’s item; a visitor clicking another item gets the login dialog and stays', async () => {
    stubApi({});
    await renderInApp(<ClosureNavBar />);
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '死亡原因' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '烧钱榜' }));
    await screen.findByRole('dialog', { name: '登录' });
    expect(window.location.pathname).toBe('/deathCompany');
  });

  it('a signed-in user navigates', async () => {
    stubApi({ 'GET /api/user/info': { body: meBody() } });
    setToken('user-token');
    await renderInApp(<ClosureNavBar />);
    fireEvent.click(screen.getByRole('link', { name: '死亡赛道' }));
    await waitFor(() => expect(window.location.pathname).toBe('/deathTrack'));
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();
  });
});

describe('ClosureNavBar on a phone', () => {
  it('marks the end that hides items: an arrow on the right at first, on the left once scrolled to the end', async () => {
    stubApi({});
    await renderInApp(<ClosureNavBar />);
    const nav = screen.getByRole('navigation', { name: '死亡公司库导航' });
    const frame = nav.parentElement!;
    // A 375-px phone: the row is 600 px wide in a 300-px box (happy-dom has no layout, so the sizes are given).
    Object.defineProperty(nav, 'scrollWidth', { configurable: true, value: 600 });
    Object.defineProperty(nav, 'clientWidth', { configurable: true, value: 300 });
    nav.scrollLeft = 0;
    fireEvent.scroll(nav);
    await waitFor(() => expect(frame.className).toContain('has-after'));
    expect(frame.className).not.toContain('has-before');
    expect(frame.querySelector('.closure-nav-cue.is-after')?.getAttribute('aria-hidden')).toBe('true');

    nav.scrollLeft = 300;
    fireEvent.scroll(nav);
    await waitFor(() => expect(frame.className).toContain('has-before'));
    expect(frame.className).not.toContain('has-after');
  });

  it('shows no cue when every item fits', async () => {
    stubApi({});
    await renderInApp(<ClosureNavBar />);
    const nav = screen.getByRole('navigation', { name: '死亡公司库导航' });
    Object.defineProperty(nav, 'scrollWidth', { configurable: true, value: 500 });
    Object.defineProperty(nav, 'clientWidth', { configurable: true, value: 1160 });
    fireEvent.scroll(nav);
    await waitFor(() => expect(nav.parentElement!.className).toBe('closure-nav-frame'));
  });
});

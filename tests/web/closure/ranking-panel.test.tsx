import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RankingPanel } from '../../../web/src/features/closure/RankingPanel';
import { setToken } from '../../../web/src/lib/token';
import { meBody, okBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

beforeEach(() => {
  resetApp();
  visit('/deathCompany');
});
afterEach(resetApp);

const companies = [
  { com_id: 1, com_name: '甲单车', logo: '', total: 300 },
  { com_id: 2, com_name: '乙外卖', logo: '', total: 200 },
  { com_id: 3, com_name: '丙电商', logo: '', total: 100 },
  { com_id: 4, com_name: '丁社交', logo: '', total: 50 },
];
const reasons = [{ id: 31, p_id: 3, name: '资金链断裂', total: 88 }];

function stubRankings(loggedIn = true) {
  if (loggedIn) setToken('user-token');
  return stubApi({
    'GET /api/user/info': { body: meBody() },
    'GET /api/closure/incense_top': () => ({ body: okBody(lastType() === '2' ? reasons : companies) }),
  });
}

/** The type of the latest incense_top request. */
function lastType(): string | null {
  const calls = vi.mocked(fetch).mock.calls;
  return new URL(String(calls[calls.length - 1][0]), 'http://localhost').searchParams.get('type');
}

/**
 * The first press on the toggle loads the panel (RankingPopover is its own chunk) and it mounts open,
 * with its own toggle in place of the stand-in: wait for it, then use the toggle that is there now.
 */
async function openFirstTime() {
  fireEvent.click(screen.getByRole('button', { name: /上香榜/ }));
  const panel = await screen.findByRole('region', { name: '上香排行榜' });
  return { panel, toggle: screen.getByRole('button', { name: /上香榜/ }) };
}

function Page() {
  return (
    <>
      <p>页面正文</p>
      <RankingPanel />
    </>
  );
}

describe('RankingPanel', () => {
  it('is closed by default, toggles open, highlights the top 3 and closes on a click outside', async () => {
    stubRankings();
    await renderInApp(<Page />);
    const toggle = screen.getByRole('button', { name: /上香榜/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: '上香排行榜' })).toBeNull();

    const { panel, toggle: opened } = await openFirstTime();
    expect(opened.getAttribute('aria-expanded')).toBe('true');
    await within(panel).findByText('甲单车');
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.ranking-no')?.className.includes('is-top'))).toEqual([true, true, true, false]);
    expect(rows[0].textContent).toContain('300 炷');
    expect(within(panel).getByRole('link', { name: '甲单车' }).getAttribute('href')).toBe(`/deathCompany?company=${encodeURIComponent('甲单车')}`);

    // Presses inside keep it open; a press anywhere else closes it.
    fireEvent.pointerDown(rows[3]);
    fireEvent.click(rows[3]);
    expect(screen.queryByRole('region', { name: '上香排行榜' })).not.toBeNull();
    fireEvent.pointerDown(screen.getByText('页面正文'));
    fireEvent.click(screen.getByText('页面正文'));
    expect(screen.queryByRole('region', { name: '上香排行榜' })).toBeNull();

    fireEvent.click(opened);
    expect(screen.getByRole('region', { name: '上香排行榜' })).toBeTruthy();
    fireEvent.click(opened);
    expect(screen.queryByRole('region', { name: '上香排行榜' })).toBeNull();

    fireEvent.click(opened);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: '上香排行榜' })).toBeNull();
  });

  it('原因榜 lists reasons linking to /deathReason?parent_id=&child_id=', async () => {
    stubRankings();
    await renderInApp(<Page />);
    await openFirstTime();
    const tab = screen.getByRole('tab', { name: '原因榜' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const link = await screen.findByRole('link', { name: '资金链断裂' });
    expect(link.getAttribute('href')).toBe('/deathReason?parent_id=3&child_id=31');
  });

  it('switching to 原因榜 keeps the panel open when the mouse-up lands outside the shrinking list', async () => {
    stubRankings();
    await renderInApp(<Page />);
    await openFirstTime();
    await screen.findByRole('link', { name: '甲单车' });
    const tab = screen.getByRole('tab', { name: '原因榜' });
    // The press starts on the tab (Radix switches on mouse-down) ...
    fireEvent.pointerDown(tab);
    fireEvent.mouseDown(tab);
    // ... the list shrinks to its loading state, so the release is outside the panel: the click goes to the page.
    fireEvent.mouseUp(document.body);
    fireEvent.click(document.body);
    expect(screen.queryByRole('region', { name: '上香排行榜' })).not.toBeNull();
    expect(await screen.findByRole('link', { name: '资金链断裂' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '原因榜' }).getAttribute('aria-selected')).toBe('true');
  });

  it('is a Radix popover: every tab controls the panel in the page, Esc closes it and focus returns to the toggle', async () => {
    stubRankings();
    await renderInApp(<Page />);
    screen.getByRole('button', { name: /上香榜/ }).focus();
    const { panel, toggle } = await openFirstTime();
    // A press from the keyboard leaves focus on the toggle: on the panel's own one once it has loaded.
    expect(document.activeElement).toBe(toggle);
    expect(panel.closest('[data-radix-popper-content-wrapper]')).not.toBeNull();
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    await within(panel).findByText('甲单车');
    for (const tab of within(panel).getAllByRole('tab')) {
      const controlled = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(controlled?.getAttribute('role')).toBe('tabpanel');
      expect(panel.contains(controlled)).toBe(true);
    }
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: '上香排行榜' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('a visitor sees the company ranking; switching tab or following a row opens the login dialog', async () => {
    stubRankings(false);
    await renderInApp(<Page />);
    await openFirstTime();
    const link = await screen.findByRole('link', { name: '甲单车' });
    const before = window.location.pathname + window.location.search;
    fireEvent.click(link);
    await screen.findByRole('dialog', { name: '登录' });
    expect(window.location.pathname + window.location.search).toBe(before);
  });
});

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

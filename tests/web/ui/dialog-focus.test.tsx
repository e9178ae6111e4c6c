import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginPromptBar } from '../../../web/src/features/auth/LoginPromptBar';
import { IncenseButton } from '../../../web/src/features/closure/IncenseButton';
import { openMembership, openRecharge } from '../../../web/src/lib/gate';
import { setToken } from '../../../web/src/lib/token';
import { ShareButton } from '../../../web/src/ui/ShareButton';
import { meBody, okBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

/** Issue 9 item 4: after any dialog closes, keyboard focus is back on the control that opened it. */

beforeEach(() => {
  resetApp();
  visit('/deathCompany');
});
afterEach(resetApp);

/** Focuses `button` and activates it, as a keyboard user does (Enter on the focused control). */
function press(button: HTMLElement) {
  act(() => button.focus());
  fireEvent.click(button);
}

async function closeWithEscape(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  expect(dialog.contains(document.activeElement)).toBe(true);
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
}

describe('focus returns to the opener when a dialog closes', () => {
  it('share dialog (its own state)', async () => {
    stubApi({});
    await renderInApp(<ShareButton url="https://juzi.example.com/deathCompany" caption="扫码" />);
    const opener = screen.getByRole('button', { name: '分享' });
    press(opener);
    await closeWithEscape('分享到手机');
    expect(document.activeElement).toBe(opener);
  });

  it('login dialog (opened by the gate), closed with ×', async () => {
    stubApi({});
    await renderInApp(<LoginPromptBar text="登录后查看更多" />);
    const opener = screen.getByRole('button', { name: '立即登录' });
    press(opener);
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('membership prompt and recharge confirm (opened by the gate)', async () => {
    stubApi({});
    await renderInApp(
      <>
        <button type="button" onClick={() => openMembership('deathCompany')}>
          看第4页
        </button>
        <button type="button" onClick={() => openRecharge('deathCompany')}>
          导出
        </button>
      </>,
    );
    const vip = screen.getByRole('button', { name: '看第4页' });
    press(vip);
    const prompt = await screen.findByRole('dialog', { name: '开通VIP会员' });
    fireEvent.click(within(prompt).getByRole('button', { name: '再想想' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '开通VIP会员' })).toBeNull());
    expect(document.activeElement).toBe(vip);

    const coins = screen.getByRole('button', { name: '导出' });
    press(coins);
    await closeWithEscape('桔子币余额不足');
    expect(document.activeElement).toBe(coins);
  });

  it('incense dialog', async () => {
    setToken('user-token');
    stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/user/coins': { body: okBody({ juzibtc: 20 }) },
    });
    await renderInApp(<IncenseButton type={1} itemId={5} itemName="某某单车" />);
    const opener = screen.getByRole('button', { name: '上香' });
    press(opener);
    await closeWithEscape('为「某某单车」上香');
    expect(document.activeElement).toBe(opener);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncenseButton } from '../../../web/src/features/closure/IncenseButton';
import { useMe } from '../../../web/src/features/auth/me';
import { setToken } from '../../../web/src/lib/token';
import { meBody, okBody, renderInApp, resetApp, stubApi, visit, type SeenRequest } from '../helpers';

beforeEach(() => {
  resetApp();
  visit('/deathCompany');
});
afterEach(() => {
  vi.useRealTimers();
  resetApp();
});

const record = (id: number, amount: number) => ({ comment_id: id, id: 7, name: '香客' + id, des: `上香${amount}炷`, amount, time: '2026-01-02 10:00' });

/** A signed-in user with `balance` coins; add_incense answers with the balance after the debit. */
function stubUser(start = 20) {
  setToken('user-token');
  let balance = start;
  return stubApi({
    'GET /api/user/info': () => ({ body: meBody({ juzibtc: balance }) }),
    'GET /api/user/coins': () => ({ body: okBody({ juzibtc: balance }) }),
    'POST /api/closure/add_incense': (req) => {
      const amount = (req.body as { juzi_btc: number }).juzi_btc;
      balance -= amount;
      return { body: okBody({ balance, record: record(99, amount) }) };
    },
  });
}

/** What the header shows: the signed-in user's balance. */
function HeaderBalance() {
  const me = useMe();
  return <output aria-label="余额">{me.data?.juzibtc}</output>;
}

const posts = (seen: SeenRequest[]) => seen.filter((r) => r.method === 'POST' && r.path === '/api/closure/add_incense');

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: '上香' }));
  const dialog = await screen.findByRole('dialog', { name: '为「某某单车」上香' });
  // The balance is read before anything can be confirmed.
  await waitFor(() => expect((within(dialog).getByRole('button', { name: '确认上香' }) as HTMLButtonElement).disabled).toBe(false));
  return dialog;
}

describe('IncenseButton and IncenseDialog', () => {
  it('starts at 10 sticks; the custom amount defaults to 88 with a minimum of 1', async () => {
    stubUser();
    await renderInApp(<IncenseButton type={1} itemId={5} itemName="某某单车" />);
    const dialog = await openDialog();
    expect((within(dialog).getByRole('radio', { name: '10 炷' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('radio', { name: '1 炷' }) as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: '自定义' }));
    const custom = within(dialog).getByRole('spinbutton', { name: /自定义数量/ }) as HTMLInputElement;
    expect(custom.value).toBe('88');
    expect(custom.min).toBe('1');
    expect(within(dialog).getByText(/当前余额/).textContent).toContain('20');
  });

  it("says '请选择上香数量' for an empty or zero custom amount, for 2 seconds, and sends nothing", async () => {
    const seen = stubUser();
    await renderInApp(<IncenseButton type={1} itemId={5} itemName="某某单车" />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '自定义' }));
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认上香' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('请选择上香数量');
    act(() => vi.advanceTimersByTime(1900));
    expect(within(dialog).queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    vi.useRealTimers();

    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认上香' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('请选择上香数量');
    expect(posts(seen)).toHaveLength(0);
  });

  it('opens the recharge confirm instead of paying when the amount exceeds the balance', async () => {
    const seen = stubUser(20);
    await renderInApp(<IncenseButton type={1} itemId={5} itemName="某某单车" />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '自定义' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认上香' }));
    const confirm = await screen.findByRole('dialog', { name: '桔子币余额不足' });
    expect(confirm.textContent).toContain('88');
    expect(confirm.textContent).toContain('20');
    expect(within(confirm).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/order?from=deathCompany&return=%2FdeathCompany');
    expect(screen.queryByRole('dialog', { name: '为「某某单车」上香' })).toBeNull();
    expect(posts(seen)).toHaveLength(0);
  });

  it('pays with one POST carrying an Idempotency-Key, closes, plays the scene and calls onSuccess', async () => {
    const seen = stubUser(20);
    const onSuccess = vi.fn();
    await renderInApp(
      <>
        <HeaderBalance />
        <IncenseButton type={2} itemId={31} itemName="某某单车" from="deathReason" onSuccess={onSuccess} />
      </>,
    );
    await waitFor(() => expect(screen.getByLabelText('余额').textContent).toBe('20'));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '3 炷' }));
    const confirm = within(dialog).getByRole('button', { name: '确认上香' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const scene = await screen.findByRole('dialog', { name: '上香成功' });
    expect(scene.textContent).toContain('已上香 3 炷');
    expect(screen.queryByRole('dialog', { name: '为「某某单车」上香' })).toBeNull();
    const sent = posts(seen);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ item_id: 31, type: 2, juzi_btc: 3 });
    const key = sent[0].headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ balance: 17 }));
    // The header's balance drops by the sticks lit.
    await waitFor(() => expect(screen.getByLabelText('余额').textContent).toBe('17'));

    // A click closes the scene; the next opening is a new intent with a new key and the defaults again.
    fireEvent.click(scene);
    expect(screen.queryByRole('dialog', { name: '上香成功' })).toBeNull();
    const again = await openDialog();
    expect((within(again).getByRole('radio', { name: '10 炷' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(again).getByRole('button', { name: '确认上香' }));
    await screen.findByRole('dialog', { name: '上香成功' });
    const second = posts(seen);
    expect(second).toHaveLength(2);
    expect(second[1].body).toEqual({ item_id: 31, type: 2, juzi_btc: 10 });
    expect(second[1].headers.get('Idempotency-Key')).not.toBe(key);
  });

  it('the scene closes by itself after about 3 seconds', async () => {
    stubUser(20);
    await renderInApp(<IncenseButton type={1} itemId={5} itemName="某某单车" />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '1 炷' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认上香' }));
    await screen.findByRole('dialog', { name: '上香成功' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上香成功' })).toBeNull(), { timeout: 4000 });
  });

  it('a visitor gets the login dialog and no balance request', async () => {
    const seen = stubApi({});
    await renderInApp(<IncenseButton type={1} itemId={5} itemName="某某单车" />);
    fireEvent.click(screen.getByRole('button', { name: '上香' }));
    await screen.findByRole('dialog', { name: '登录' });
    expect(screen.queryByRole('dialog', { name: '为「某某单车」上香' })).toBeNull();
    expect(seen).toHaveLength(0);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShareButton } from '../../../web/src/ui/ShareButton';
import { renderInApp, resetApp, stubApi } from '../helpers';

beforeEach(resetApp);
afterEach(resetApp);

describe('ShareButton', () => {
  it('shows a QR code of the address it is given, with the caption and the address under it', async () => {
    stubApi({});
    const url = 'https://juzi.example.com/deathCompany';
    await renderInApp(<ShareButton url={url} caption="微信扫一扫，在手机上打开死亡公司库" />);
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    const dialog = await screen.findByRole('dialog', { name: '分享到手机' });
    // The QR encoder is loaded when the dialog first opens.
    await waitFor(() => expect(dialog.querySelector('svg title')?.textContent).toBe(`二维码：${url}`));
    expect(dialog.querySelectorAll('svg path').length).toBeGreaterThan(0);
    expect(dialog.textContent).toContain('微信扫一扫，在手机上打开死亡公司库');
    expect(dialog.textContent).toContain(url);
  });

  it('takes another label', async () => {
    stubApi({});
    await renderInApp(<ShareButton url="https://juzi.example.com/kcb" caption="扫码在手机上打开" label="分享到微信" />);
    expect(screen.getByRole('button', { name: '分享到微信' })).toBeTruthy();
  });
});

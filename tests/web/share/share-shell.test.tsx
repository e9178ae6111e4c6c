import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabPanel, Tabs } from '../../../web/src/ui/Tabs';
import { ShareShell } from '../../../web/src/features/share/ShareShell';
import { resetApp } from '../helpers';

afterEach(resetApp);

const MASK = { name: '打开桔子App继续浏览' };

function renderShell() {
  return render(
    <ShareShell appLink="juziapp://open?path=%2Fshare%2Fuser%2F5">
      <p>北漂苏说的主页</p>
      <Tabs label="动态与评论" value="dynamic" onValueChange={() => {}} items={[{ value: 'dynamic', label: '动态' }, { value: 'comment', label: '评论' }]}>
        <TabPanel value="dynamic">一条动态</TabPanel>
      </Tabs>
    </ShareShell>,
  );
}

describe('the share wrapper and its open-app mask', () => {
  it('sets the root font size class while mounted', () => {
    const { unmount } = renderShell();
    expect(document.documentElement.classList.contains('share-root')).toBe(true);
    unmount();
    expect(document.documentElement.classList.contains('share-root')).toBe(false);
  });

  it('a tap anywhere shows the mask; 再看看 dismisses it; a second tap shows it again', async () => {
    renderShell();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByText('北漂苏说的主页'));
    const mask = await screen.findByRole('dialog', MASK);
    expect(screen.getByRole('link', { name: '打开App' }).getAttribute('href')).toBe('juziapp://open?path=%2Fshare%2Fuser%2F5');

    // Clicks inside the mask do not reach the wrapper (through the portal) and reopen it.
    fireEvent.click(screen.getByRole('button', { name: '再看看' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mask.isConnected).toBe(false);

    fireEvent.click(screen.getByText('一条动态'));
    await screen.findByRole('dialog', MASK);
    act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a touch on the dimmed area closes the mask, which stays closed', async () => {
    renderShell();
    fireEvent.click(screen.getByText('北漂苏说的主页'));
    await screen.findByRole('dialog', MASK);
    const overlay = document.querySelector('.open-app-overlay')!;
    // A touch: Radix waits for the click that follows the pointerdown, listening on the document.
    await new Promise((r) => setTimeout(r, 0));
    act(() => void overlay.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' })));
    fireEvent.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the tabs switch on the page instead of showing the mask', () => {
    renderShell();
    fireEvent.click(screen.getByRole('tab', { name: '评论' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Footer } from '../../../web/src/features/layout/Footer';
import { site } from '../../../web/src/lib/site';
import { renderInApp, resetApp } from '../helpers';

const original = { ...site };

beforeEach(resetApp);
afterEach(() => {
  Object.assign(site, original);
  resetApp();
});

describe('Footer', () => {
  it('shows contact, copyright year and filing number from the one site config', async () => {
    Object.assign(site, { email: 'hello@example.org', phone: '010-12345678', filing: '沪ICP备12345678号', copyrightYear: 2031 });
    await renderInApp(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('hello@example.org');
    expect(footer.textContent).toContain('010-12345678');
    expect(footer.textContent).toContain('沪ICP备12345678号');
    expect(footer.textContent).toContain('© 2031');
    expect(screen.getByRole('link', { name: 'hello@example.org' }).getAttribute('href')).toBe('mailto:hello@example.org');
  });

  it('links home, the data API and the mall', async () => {
    await renderInApp(<Footer />);
    const nav = screen.getByRole('navigation', { name: '相关服务' });
    const hrefs = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['首页', '/'],
      ['数据API', '/info_api'],
      ['桔子商城', '/mall'],
    ]);
  });

  it('defaults to the current year', () => {
    expect(original.copyrightYear).toBe(new Date().getFullYear());
  });
});

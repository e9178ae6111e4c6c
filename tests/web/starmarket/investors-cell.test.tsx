import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InvestorsCell } from '../../../web/src/features/starmarket/InvestorsCell';

afterEach(cleanup);

const investors = [
  { id: 11, name: '红杉中国' },
  { id: null, name: '某自然人' },
  { id: 13, name: '高瓴资本' },
  { id: 14, name: '深创投' },
  { id: 15, name: '元禾原点' },
];

describe('InvestorsCell', () => {
  it('shows three names, links only investors with an id, and expands to all and back', () => {
    render(<InvestorsCell investors={investors} />);
    expect(screen.getByRole('link', { name: '红杉中国' }).getAttribute('href')).toBe('/investfirm/11');
    expect(screen.queryByRole('link', { name: '某自然人' })).toBeNull();
    expect(screen.getByText('某自然人')).toBeTruthy();
    expect(screen.queryByText('深创投')).toBeNull();
    const toggle = screen.getByRole('button', { name: '展开(2)' });
    fireEvent.click(toggle);
    expect(screen.getByRole('link', { name: '元禾原点' }).getAttribute('href')).toBe('/investfirm/15');
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(screen.queryByText('元禾原点')).toBeNull();
  });

  it('three or fewer: no expand link; none: 未透露', () => {
    const { rerender } = render(<InvestorsCell investors={investors.slice(0, 3)} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<InvestorsCell investors={[]} />);
    expect(screen.getByText('未透露')).toBeTruthy();
  });
});

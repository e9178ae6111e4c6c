import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FirmRankList } from '../../../web/src/features/closure/FirmRankList';
import { renderInApp, resetApp, stubApi } from '../helpers';

beforeEach(resetApp);
afterEach(resetApp);

describe('FirmRankList', () => {
  it('links firms to /investfirm/{id} and their closed cases to /company/{id}, with the event count', async () => {
    stubApi({});
    await renderInApp(
      <FirmRankList
        firms={[{ rank: 1, invst_id: 9, invst_name: '嘉御股权投资', invst_logo: '', count: 167, closed_count: 4, com: [{ com_id: 3, com_name: '创鲜乐' }] }]}
      />,
    );
    expect(screen.getByRole('link', { name: /嘉御股权投资/ }).getAttribute('href')).toBe('/investfirm/9');
    expect(screen.getByRole('link', { name: '创鲜乐' }).getAttribute('href')).toBe('/company/3');
    expect(screen.getByText('167')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
  });
});


import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_INFO_TAB, HOME_BLOCK_TABS } from '../../../../worker/src/medical/constants';
import { blockQueryOptions } from './queries/block';
import { healthDataQueryOptions } from './queries/data';
import { medicalInfoQueryOptions } from './queries/info';

/**
 * What the loaders of /health and /healthMobile load. The database block below the fold fills in as
 * it arrives, in its own loading state meanwhile. The first screen (banner, news tabs, ranking tabs)
 * is waited for, so it renders once, complete: its lists arriving one by one pushed everything below
 * them down (a layout shift on both pages).
 * The three calls run at once; only the banner's failing fails the page: the two lists are awaited
 * without throwing, so a list whose call failed shows its own error state in its section.
 */
export async function loadHealthHome(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(blockQueryOptions(HOME_BLOCK_TABS));
  await Promise.all([
    queryClient.ensureQueryData(medicalInfoQueryOptions(['basic'])),
    queryClient.prefetchQuery(medicalInfoQueryOptions([DEFAULT_INFO_TAB])),
    queryClient.prefetchQuery(healthDataQueryOptions('unicorn')),
  ]);
}

import { queryOptions } from '@tanstack/react-query';
import type { InfoType } from '../../../../../worker/src/medical/constants';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/**
 * GET /api/medical (the area) or /api/medical/detail (a tag page, VIP): the banner numbers (basic)
 * and the information tabs (policy, news, event), MEDICAL_PAGE_SIZE per page.
 */
export const medicalInfoQueryOptions = (types: readonly InfoType[], page = 1, tagId?: number) =>
  queryOptions({
    queryKey: ['medical', 'info', tagId ?? 0, [...types].sort().join(','), page],
    queryFn: () =>
      tagId === undefined
        ? unwrap(api.medical.$get({ query: qs({ type: types.join(','), page }) }))
        : unwrap(api.medical.detail.$get({ query: { ...qs({ type: types.join(','), page }), tag_id: String(tagId) } })),
    staleTime: 60_000,
  });

export type MedicalInfo = DataOf<Awaited<ReturnType<typeof api.medical.$get>>>;
export type TagBasic = NonNullable<MedicalInfo['basic']>;
export type PolicyItem = NonNullable<MedicalInfo['policy']>['data'][number];
export type NewsItem = NonNullable<MedicalInfo['news']>['data'][number];
export type EventItem = NonNullable<MedicalInfo['event']>['data'][number];

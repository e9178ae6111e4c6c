import { queryOptions } from '@tanstack/react-query';
import type { BlockType, MedicalOrder } from '../../../../../worker/src/medical/constants';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

export interface BlockParams {
  types: readonly BlockType[];
  page: number;
  order?: MedicalOrder;
  tagId?: number;
}

/** GET /api/medical/block: each asked type answers `{ data, page }`. Load-more asks one type with its next page. */
export const fetchBlock = (p: BlockParams) =>
  unwrap(api.medical.block.$get({ query: { ...qs({ type: p.types.join(','), page: p.page, order: p.order, tag_id: p.tagId }) } as { type: string } }));

/** The block's first load: page 1 of every tab the page shows. */
export const blockQueryOptions = (types: readonly BlockType[], order?: MedicalOrder, tagId?: number) =>
  queryOptions({
    queryKey: ['medical', 'block', tagId ?? 0, types.join(','), order ?? 0],
    queryFn: () => fetchBlock({ types, page: 1, order, tagId }),
    staleTime: 60_000,
  });

export type MedicalBlockData = DataOf<Awaited<ReturnType<typeof api.medical.block.$get>>>;
export type BlockCompany = NonNullable<MedicalBlockData['company']>['data'][number];
export type BlockFirm = NonNullable<MedicalBlockData['invst']>['data'][number];
export type BlockRow = BlockCompany | BlockFirm;

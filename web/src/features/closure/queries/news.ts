import { queryOptions } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE } from '../../../../../worker/src/closure/constants';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** The closed-company news of /deathReport (死亡公司报道). */

export interface NewsFilters {
  /** The industry's name (the spec sends cat_id as the industry name). */
  cat_id?: string;
  com_prov?: string;
  /** A year, or NEWS_BEFORE_2012. */
  year?: string;
  keyword?: string;
  page: number;
}

export const newsQueryOptions = (f: NewsFilters) =>
  queryOptions({
    queryKey: ['closure', 'news', f],
    queryFn: () => unwrap(api.closure.news_list.$get({ query: qs({ ...f, per_page: NEWS_PAGE_SIZE }) })),
  });
export type NewsItem = DataOf<Awaited<ReturnType<typeof api.closure.news_list.$get>>>['info'][number];

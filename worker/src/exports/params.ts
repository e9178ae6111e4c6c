import { optInt } from '../lib/params';

/** Which slice of the result to export; without page the whole result is exported in 2000-row files. */
export const slice = {
  page: optInt('页码', 1, 100_000),
  per_page: optInt('每页条数', 1, 2000),
};


import { SEARCH_GROUPS } from '../../../../worker/src/search/constants';
import type { SearchResult } from './queries/search';

/** One selectable result of the search box, in the order the arrow keys walk them. */
export interface SearchOption {
  key: string;
  group: (typeof SEARCH_GROUPS)[number]['kind'];
  href: string;
  name: string;
  logo?: string;
  detail: string;
  closed?: string;
}

/** The results as groups of options (empty groups left out), and the flat order for the keyboard. */
export function searchOptions(r: SearchResult | undefined) {
  if (!r) return { groups: [], flat: [] as SearchOption[] };
  const byKind: Record<SearchOption['group'], SearchOption[]> = {
    company: r.company.map((c) => ({
      key: `company-${c.id}`,
      group: 'company',
      href: `/company/${c.id}`,
      name: c.name,
      logo: c.logo,
      detail: [c.cat_name, c.prov].filter(Boolean).join(' · ') || c.slogan,
      closed: c.closed,
    })),
    investfirm: r.investfirm.map((f) => ({ key: `investfirm-${f.id}`, group: 'investfirm', href: `/investfirm/${f.id}`, name: f.name, logo: f.logo, detail: f.is_fa ? 'FA机构' : f.des })),
    person: r.person.map((p) => ({ key: `person-${p.id}`, group: 'person', href: `/person/${p.id}`, name: p.name, detail: p.title })),
  };
  const groups = SEARCH_GROUPS.map((g) => ({ ...g, options: byKind[g.kind] })).filter((g) => g.options.length > 0);
  return { groups, flat: groups.flatMap((g) => g.options) };
}

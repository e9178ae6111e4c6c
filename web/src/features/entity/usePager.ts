import { VISITOR_RULES, type VisitorRoute, type VisitorRule } from '../../generated/visitor-rules';
import { requireLogin } from '../../lib/gate';
import { getToken } from '../../lib/token';

/**
 * Paging of an entity list kept in the URL: a visitor gets the login dialog instead (the worker
 * serves them page 1 only), a user moves to the page and back to the top of the list.
 */
export function pageChanger(go: (page: number) => void) {
  return (page: number) =>
    requireLogin(() => {
      go(page);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    });
}

/**
 * The page of `route` a viewer may load: a visitor the page the route's visitor rule keeps them on
 * (page 1: a shared ?page=3 link shows them that page and the login bar).
 */
export function visiblePage(route: VisitorRoute, page: number | undefined): number {
  const fixed = (VISITOR_RULES[route] as VisitorRule).fixed.page;
  return getToken() === null && typeof fixed === 'number' ? fixed : (page ?? 1);
}

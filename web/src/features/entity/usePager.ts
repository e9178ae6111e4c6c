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

/** The page a viewer may load: a visitor always page 1 (a shared ?page=3 link shows them page 1 and the login bar). */
export const visiblePage = (page: number | undefined) => (getToken() === null ? 1 : (page ?? 1));

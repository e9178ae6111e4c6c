/**
 * Phones, Android and the product's app visiting /health get the mobile healthcare page.
 * The worker redirects server-side (worker/src/index.ts, same pattern); the root route repeats
 * the check so navigation inside the SPA behaves the same.
 */
export const MOBILE_UA = /Android|iPhone|iPod|Mobile|JuziApp|juzi/i;

export const MOBILE_HEALTH_PATH = '/healthMobile';

/** Where to send this visit instead, or null to stay. */
export function mobileRedirect(pathname: string, userAgent: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/health' && MOBILE_UA.test(userAgent) ? MOBILE_HEALTH_PATH : null;
}

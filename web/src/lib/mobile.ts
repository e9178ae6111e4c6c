/**
 * Phones, Android and the product's app visiting /health get the mobile healthcare page.
 * The worker answers /health on a phone with the mobile page's HTML (worker/src/app.ts, same
 * pattern), and the root route replaces the address with /healthMobile before anything renders,
 * which also covers navigation inside the SPA.
 */
export const MOBILE_UA = /Android|iPhone|iPod|Mobile|JuziApp|juzi/i;

export const MOBILE_HEALTH_PATH = '/healthMobile';

/** Where to send this visit instead, or null to stay. */
export function mobileRedirect(pathname: string, userAgent: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/health' && MOBILE_UA.test(userAgent) ? MOBILE_HEALTH_PATH : null;
}

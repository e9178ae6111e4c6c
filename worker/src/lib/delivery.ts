/**
 * /robots.txt and /sitemap.xml, answered by the worker (wrangler.toml runs it first for them) so
 * both carry absolute URLs of the deployment's own origin (APP_ORIGIN).
 *
 * The sitemap lists the pages everyone may open (spec §2 "everyone"): the home page and the home
 * page of each area. Pages behind a login, the user centre, the cashier and the API are left out
 * and disallowed for crawlers.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';

export const PUBLIC_PAGES = ['/', '/deathCompany', '/kcb', '/health', '/saas', '/saas/try'] as const;

export const CRAWL_DISALLOWED = ['/api/', '/user-center', '/order', '/pay/', '/share/'] as const;

const origin = (c: Context<AppEnv>) => (c.env.APP_ORIGIN || new URL(c.req.url).origin).replace(/\/+$/, '');

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function robotsTxt(c: Context<AppEnv>) {
  const lines = ['User-agent: *', 'Allow: /', ...CRAWL_DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin(c)}/sitemap.xml`, ''];
  c.header('Cache-Control', 'public, max-age=3600');
  return c.text(lines.join('\n'));
}

export function sitemapXml(c: Context<AppEnv>) {
  const base = origin(c);
  const urls = PUBLIC_PAGES.map(
    (p) => `  <url><loc>${xmlEscape(base + p)}</loc><changefreq>daily</changefreq><priority>${p === '/' ? '1.0' : '0.8'}</priority></url>`,
  );
  const body = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
}

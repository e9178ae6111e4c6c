/**
 * The share pages' HTML (/share/user/{id}, /share/dynamic/{id}): the SPA's index.html with Open
 * Graph and WeChat share meta for the shared profile or post, so a pasted link previews with its
 * title, description and image. The SPA renders the page itself; this only rewrites <head>.
 */
import type { Context } from 'hono';

import { drizzleDb } from '../db';
import type { AppEnv } from '../env';
import { escapeHtml } from '../lib/html';
import { getCharacter } from './character';
import { getDynamic } from './dynamic';

const SITE = '桔子数据';
/** Shown when the shared item has no picture of its own (made by scripts/saas-assets.mjs). */
export const DEFAULT_SHARE_IMAGE = '/share/share-logo.png';
const DESCRIPTION_MAX = 100;

export interface ShareMeta {
  title: string;
  description: string;
  image: string;
  found: boolean;
}

const clip = (s: string, max = DESCRIPTION_MAX) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** What the share preview of `/share/<kind>/<id>` says. */
export async function shareMeta(d1: D1Database, kind: 'user' | 'dynamic', id: number): Promise<ShareMeta> {
  const db = drizzleDb(d1);
  if (kind === 'user') {
    const u = id > 0 ? await getCharacter(db, id) : null;
    if (!u) return { title: `用户不存在 - ${SITE}`, description: '该用户不存在或已注销', image: DEFAULT_SHARE_IMAGE, found: false };
    const who = [u.company, u.position].filter(Boolean).join(' · ');
    return {
      title: `${u.user_name}的主页 - ${SITE}`,
      description: clip(u.user_desc || who || `${u.user_name}在${SITE}App的动态与评论`),
      image: u.user_logo || DEFAULT_SHARE_IMAGE,
      found: true,
    };
  }
  const d = id > 0 ? await getDynamic(db, id) : null;
  if (!d) return { title: `动态不存在 - ${SITE}`, description: '该动态不存在或已删除', image: DEFAULT_SHARE_IMAGE, found: false };
  return {
    title: `${d.user_name}的动态 - ${SITE}`,
    description: clip(d.type === 2 && d.com_name ? `${d.dynamic_desc}｜${d.com_name}：${d.com_slogan}` : d.dynamic_desc),
    image: (d.type === 2 && d.com_logo_archive) || d.user_logo || DEFAULT_SHARE_IMAGE,
    found: true,
  };
}

/** The <head> additions for `meta`, every value escaped (user text goes into attributes). */
export function shareMetaTags(meta: ShareMeta, pageUrl: string): string {
  const image = new URL(meta.image, pageUrl).href;
  const tags: [string, string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:image', image],
    ['property', 'og:url', pageUrl],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
    ['name', 'twitter:image', image],
    // WeChat's link preview reads schema.org microdata.
    ['itemprop', 'name', meta.title],
    ['itemprop', 'description', meta.description],
    ['itemprop', 'image', image],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

const SHARE_PATH = /^\/share\/(user|dynamic)\/([^/]+)\/?$/;

/** GET /share/<kind>/<id>: index.html with the item's share meta; 404 (same page, "not found" meta) for an unknown item. */
export async function sharePage(c: Context<AppEnv>) {
  if (!c.env.ASSETS) return c.text('Not Found', 404);
  const m = SHARE_PATH.exec(c.req.path);
  // Anything else under /share/ (the default preview image) is a plain static file.
  if (!m) return c.env.ASSETS.fetch(c.req.raw);
  const index = await c.env.ASSETS.fetch(new Request(new URL('/', c.req.url)));
  if (!index.ok) return index;
  const id = /^[1-9]\d{0,9}$/.test(m[2]!) ? Number(m[2]) : 0;
  const meta = await shareMeta(c.env.DB, m[1] as 'user' | 'dynamic', id);
  const url = new URL(c.req.path, c.req.url).href;
  const rewritten = new HTMLRewriter()
    .on('title', { element: (e) => void e.setInnerContent(meta.title) })
    .on('meta[name="description"]', { element: (e) => void e.remove() })
    .on('head', { element: (e) => void e.append(shareMetaTags(meta, url), { html: true }) })
    .transform(index);
  const headers = new Headers(rewritten.headers);
  headers.delete('ETag');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'public, max-age=0, s-maxage=60');
  return new Response(rewritten.body, { status: meta.found ? 200 : 404, headers });
}

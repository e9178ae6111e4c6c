import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { makeShareData } from './fixtures';

/** The <meta> content attributes of the page, by property / name / itemprop. */
function metas(html: string) {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (property|name|itemprop)="([^"]+)" content="([^"]*)"/g)) out[`${m[1]}:${m[2]}`] = m[3]!;
  return out;
}

describe('share pages carry Open Graph and WeChat meta', () => {
  it('a profile link previews with the user name, description and the default image, user text escaped', async () => {
    const d = await makeShareData();
    const res = await SELF.fetch(`http://localhost/share/user/${d.owner.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    // Still the SPA's page.
    expect(html).toContain('<div id="root">');
    expect(html).toContain('<title>李&lt;投资&gt;人的主页 - 桔子数据</title>');
    const m = metas(html);
    expect(m['property:og:title']).toBe('李&lt;投资&gt;人的主页 - 桔子数据');
    expect(m['property:og:description']).toBe('专注&quot;硬科技&quot;早期投资 &amp; 产业互联网');
    expect(m['property:og:image']).toBe('http://localhost/share/share-logo.png');
    expect(m['property:og:url']).toBe(`http://localhost/share/user/${d.owner.id}`);
    expect(m['itemprop:name']).toBe(m['property:og:title']);
    expect(m['itemprop:image']).toBe(m['property:og:image']);
    // One description: the SPA's generic one is replaced.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<投资>');
  });

  it('a company-card post previews with its text and the company logo', async () => {
    const d = await makeShareData();
    const html = await (await SELF.fetch(`http://localhost/share/dynamic/${d.cardId}`)).text();
    const m = metas(html);
    expect(m['property:og:title']).toBe('李&lt;投资&gt;人的动态 - 桔子数据');
    expect(m['property:og:description']).toBe('推荐一个项目：云图智能｜云图智能：让工厂看得见');
    expect(m['property:og:image']).toBe('http://localhost/logos/yuntu.png');
  });

  it('the default preview image under /share/ is served as the image itself', async () => {
    const res = await SELF.fetch('http://localhost/share/share-logo.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  });

  it('an unknown post still serves the page (which says so) with status 404', async () => {
    const res = await SELF.fetch('http://localhost/share/dynamic/2000000000');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(metas(html)['property:og:title']).toBe('动态不存在 - 桔子数据');
  });
});

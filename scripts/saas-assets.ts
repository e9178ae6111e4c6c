// Builds the SaaS pages' static files from the page's own content (web/src/features/saas/content.ts):
//   web/public/saas/intro.pdf         the product introduction linked from /saas (A4, printed by Chromium)
//   web/public/share/share-logo.png   the share pages' default preview image (og:image)
// Run: node scripts/saas-assets.ts   (needs /usr/bin/chromium and fonts-noto-cjk, as the e2e tests do)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ADVANTAGES, EDITIONS, INVEST_MODULES, PARK_MODULES, PERMISSIONS, PRODUCT, TRIAL_NOTES } from '../web/src/features/saas/content.ts';
import { site } from '../web/src/lib/site.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'web', 'public');

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const icon = (paths: readonly string[]) =>
  `<svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="#ff6a00" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${paths.map((d) => `<path d="${d}"/>`).join('')}</svg>`;

const moduleList = (mods: typeof INVEST_MODULES) =>
  mods
    .map(
      (m, i) => `<div class="mod"><div class="no">${String(i + 1).padStart(2, '0')}</div><div><h3>${esc(m.title)}</h3><p>${esc(m.des)}</p>
      <ul>${m.points.map((p) => `<li>${esc(p)}</li>`).join('')}</ul></div></div>`,
    )
    .join('');

const pdfHtml = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(PRODUCT.name)}产品介绍</title><style>
  @page { size: A4; margin: 0; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif; color: #1f2329; font-size: 12.5px; line-height: 1.6; }
  .page { width: 210mm; height: 297mm; padding: 18mm 18mm 14mm; position: relative; page-break-after: always; overflow: hidden; }
  .page:last-child { page-break-after: auto; }
  .cover { background: linear-gradient(150deg, #1d2b4f 0%, #2c3e73 55%, #ff6a00 150%); color: #fff; padding-top: 70mm; }
  .mark { width: 22mm; height: 22mm; border-radius: 5mm; background: #ff6a00; color: #fff; font-size: 36px; font-weight: 700; display: grid; place-items: center; }
  .cover h1 { font-size: 36px; margin: 12mm 0 4mm; }
  .cover .tag { font-size: 18px; color: #ffd7b8; margin: 0; }
  .cover .intro { font-size: 14px; max-width: 140mm; margin-top: 10mm; color: rgba(255,255,255,.88); }
  .cover .foot { position: absolute; left: 18mm; bottom: 16mm; font-size: 12px; color: rgba(255,255,255,.75); }
  h2 { font-size: 22px; margin: 0 0 2mm; } h2 + .sub { color: #86909c; margin: 0 0 8mm; }
  .adv { display: grid; grid-template-columns: repeat(3, 1fr); gap: 5mm; }
  .adv div { border: 1px solid #ffe1cc; background: #fffaf6; border-radius: 3mm; padding: 5mm; }
  .adv h3 { margin: 2mm 0 1mm; font-size: 15px; } .adv p { margin: 0; color: #4e5969; }
  .mod { display: flex; gap: 5mm; padding: 4mm 0; border-bottom: 1px solid #e5e6eb; }
  .mod .no { font-size: 24px; font-weight: 700; color: #ff6a00; opacity: .5; width: 12mm; }
  .mod h3 { margin: 0; font-size: 15px; } .mod p { margin: 1mm 0; color: #4e5969; }
  .mod ul { margin: 0; padding-left: 5mm; color: #1f2329; columns: 3; column-gap: 6mm; font-size: 11.5px; }
  .edition { margin: 6mm 0 1mm; font-size: 16px; color: #e25d00; }
  .perm { margin-top: 8mm; padding: 6mm; border-radius: 3mm; background: #fff3ea; }
  .perm h3 { margin: 0 0 2mm; font-size: 16px; } .chip { display: inline-block; padding: 0 3mm; margin: 1mm 1mm 0 0; border: 1px solid #ffd0ad; border-radius: 4mm; background: #fff; color: #e25d00; }
  .notes li { margin-bottom: 2mm; }
  .contact { margin-top: 10mm; padding: 6mm; border-radius: 3mm; background: #1d2129; color: #c9cdd4; }
  .contact b { color: #fff; }
  .pno { position: absolute; right: 18mm; bottom: 10mm; color: #86909c; font-size: 11px; }
</style></head><body>
<section class="page cover">
  <div class="mark">桔</div>
  <h1>${esc(PRODUCT.name)}</h1>
  <p class="tag">${esc(PRODUCT.tagline)}</p>
  <p class="intro">${esc(PRODUCT.intro)}</p>
  <div class="foot">产品介绍 · ${esc(site.name)} · ${site.copyrightYear}</div>
</section>
<section class="page">
  <h2>九大优势</h2><p class="sub">投资机构日常工作的每一步，都有趁手的工具</p>
  <div class="adv">${ADVANTAGES.map((a) => `<div>${icon(a.logo)}<h3>${esc(a.title)}</h3><p>${esc(a.des)}</p></div>`).join('')}</div>
  <div class="perm"><h3>${esc(PERMISSIONS.title)}</h3><p>${esc(PERMISSIONS.des)}</p>
    ${PERMISSIONS.items.map((it) => `<p><b>${esc(it.what)}权限：</b>${it.rights.map((r) => `<span class="chip">${esc(r)}</span>`).join('')}</p>`).join('')}</div>
  <div class="pno">2</div>
</section>
<section class="page">
  <h2>功能模块</h2><p class="sub">两个版本，按机构类型开通</p>
  <p class="edition">${esc(EDITIONS.invest)}</p>${moduleList(INVEST_MODULES)}
  <div class="pno">3</div>
</section>
<section class="page">
  <p class="edition" style="margin-top:0">${esc(EDITIONS.park)}</p>${moduleList(PARK_MODULES)}
  <h2 style="margin-top:10mm">申请试用</h2><p class="sub">在 /saas/try 填写申请，或直接联系我们</p>
  <ol class="notes">${TRIAL_NOTES.map((n) => `<li>${esc(n)}</li>`).join('')}</ol>
  <div class="contact"><b>${esc(site.name)}</b> · ${esc(site.slogan)}<br>联系邮箱：${esc(site.email)}　联系电话：${esc(site.phone)}<br>© ${site.copyrightYear} ${esc(site.name)} 版权所有　${esc(site.filing)}</div>
  <div class="pno">4</div>
</section>
</body></html>`;

const logoHtml = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; width: 300px; height: 300px; display: grid; place-items: center; background: linear-gradient(150deg, #ff8a3d, #ff6a00 60%, #f25a00);
    font-family: 'Noto Sans CJK SC', sans-serif; color: #fff; }
  div { text-align: center; } b { display: block; font-size: 150px; line-height: 1; } span { font-size: 34px; letter-spacing: 4px; }
</style></head><body><div><b>桔</b><span>${esc(site.name)}</span></div></body></html>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.setContent(pdfHtml, { waitUntil: 'load' });
  mkdirSync(path.join(PUBLIC, 'saas'), { recursive: true });
  const pdf = path.join(PUBLIC, 'saas', 'intro.pdf');
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const logo = await browser.newPage({ viewport: { width: 300, height: 300 } });
  await logo.setContent(logoHtml, { waitUntil: 'load' });
  mkdirSync(path.join(PUBLIC, 'share'), { recursive: true });
  const png = path.join(PUBLIC, 'share', 'share-logo.png');
  await logo.screenshot({ path: png });
  console.log(`wrote ${path.relative(ROOT, pdf)} and ${path.relative(ROOT, png)}`);
} finally {
  await browser.close();
}

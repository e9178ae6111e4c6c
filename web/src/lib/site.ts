/**
 * The one global site configuration: footer contact details, copyright and filing number
 * (spec §2 "Other"). Components read it at render time, so changing a value here changes every page.
 */
export const site = {
  name: '桔子数据',
  slogan: '创投数据服务平台',
  email: 'contact@juzi.example.com',
  phone: '400-000-0000',
  /** ICP filing number shown in every footer. */
  filing: '京ICP备00000000号',
  /** Follows the calendar, so the footer never shows a stale year. */
  copyrightYear: new Date().getFullYear(),
  /** Sibling services that live outside this SPA; only linked from footers. */
  dataApiHref: '/info_api',
  mallHref: '/mall',
};

export type Site = typeof site;

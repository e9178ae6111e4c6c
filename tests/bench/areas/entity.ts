/**
 * Entity pages and search (GET /api/company|investfirm|investevent|person|users|atlas|news|policy/...
 * and /api/search): every list at its biggest member, first, middle and last pages, and the
 * detail pages, plus search with 1-character, 2-character, pinyin and initials keywords.
 */
import type { BenchArea } from './types';

const q = (v: number | string) => encodeURIComponent(String(v));
const pages = (n: number, per: number) => Math.max(1, Math.ceil(n / per));

export const entityArea: BenchArea = {
  name: 'entity',
  async pick(one) {
    const p: Record<string, number | string> = {};
    const firm = await one<{ id: number; n: number }>('SELECT invst_id AS id, COUNT(*) AS n FROM invest_event_investors WHERE invst_id > 0 GROUP BY invst_id ORDER BY n DESC LIMIT 1');
    p.firm = firm.id;
    p.firmPages = pages(firm.n, 10);
    const closedFirm = await one<{ id: number; n: number }>('SELECT invst_id AS id, com_count AS n FROM closure_firm_stats WHERE invst_id > 0 ORDER BY com_count DESC LIMIT 1');
    p.closedFirm = closedFirm.id;
    p.closedFirmPages = pages(closedFirm.n, 10);
    p.person = (await one<{ id: number }>('SELECT person_id AS id FROM person_roles GROUP BY person_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.company = (await one<{ id: number }>('SELECT com_id AS id FROM invest_events GROUP BY com_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.event = (await one<{ id: number }>('SELECT event_id AS id FROM invest_event_investors GROUP BY event_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    const tag = await one<{ id: number; n: number }>('SELECT tag_id AS id, COUNT(*) AS n FROM medical_company_tags GROUP BY tag_id ORDER BY n DESC LIMIT 1');
    p.tag = tag.id;
    p.tagName = (await one<{ name: string }>(`SELECT name FROM medical_tags WHERE id = ${tag.id}`)).name;
    p.tagPages = pages(tag.n, 10);
    p.eventPages = pages((await one<{ n: number }>('SELECT COUNT(*) AS n FROM invest_events')).n, 10);
    p.medEventPages = pages((await one<{ n: number }>("SELECT COUNT(*) AS n FROM invest_events WHERE scope = '医疗健康'")).n, 10);
    p.tagEventPages = pages((await one<{ n: number }>(`SELECT COUNT(*) AS n FROM invest_events WHERE com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${tag.id})`)).n, 10);
    p.newsPages = pages((await one<{ n: number }>('SELECT COUNT(*) AS n FROM news')).n, 20);
    p.policyPages = pages((await one<{ n: number }>('SELECT COUNT(*) AS n FROM policies')).n, 20);
    p.newsScopePages = pages((await one<{ n: number }>("SELECT COUNT(*) AS n FROM news WHERE scope = '医疗健康'")).n, 20);
    p.newsTagPages = pages((await one<{ n: number }>(`SELECT COUNT(*) AS n FROM news WHERE com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${tag.id})`)).n, 20);
    p.policyStarPages = pages((await one<{ n: number }>("SELECT COUNT(*) AS n FROM policies WHERE region = '科创板'")).n, 20);
    p.policyMedPages = pages((await one<{ n: number }>("SELECT COUNT(*) AS n FROM policies WHERE scope = '医疗健康'")).n, 20);
    const commenter = await one<{ id: number; n: number }>('SELECT user_id AS id, COUNT(*) AS n FROM comments GROUP BY user_id ORDER BY n DESC LIMIT 1');
    p.commenter = commenter.id;
    p.commenterPages = pages(commenter.n, 10);
    const offerer = await one<{ id: number; n: number }>('SELECT user_id AS id, COUNT(*) AS n FROM incense_records GROUP BY user_id ORDER BY n DESC LIMIT 1');
    p.offerer = offerer.id;
    p.offererPages = pages(offerer.n, 10);
    p.policy = (await one<{ id: number }>('SELECT id FROM policies ORDER BY id LIMIT 1')).id;
    // Search keywords from a real company name in the middle of the table.
    const name = (await one<{ name: string; pinyin: string; initials: string }>("SELECT name, pinyin, initials FROM search_names WHERE kind = 1 ORDER BY id LIMIT 1 OFFSET 1000"));
    p.kw1 = [...name.name][0];
    p.kw2 = [...name.name].slice(0, 2).join('');
    p.pinyin = name.pinyin.split(' ').slice(0, 2).join('');
    p.initials = name.initials.slice(0, 2);
    return p;
  },
  // A search answers up to 5 companies, 5 firms and 5 people: its items are the hits of the three groups.
  items: (body) => {
    const data = (body as { data?: unknown }).data;
    if (Array.isArray(data)) return data.length;
    const d = data as { info?: unknown; company?: unknown[]; investfirm?: unknown[]; person?: unknown[] } | undefined;
    if (Array.isArray(d?.info)) return d.info.length;
    if (Array.isArray(d?.company)) return d.company.length + (d.investfirm?.length ?? 0) + (d.person?.length ?? 0);
    return data ? 1 : 0;
  },
  calls: (p) => [
    { label: 'company detail (most events)', path: `/api/company/${p.company}` },
    { label: 'investfirm detail (most events)', path: `/api/investfirm/${p.firm}` },
    { label: 'investfirm investments p1', path: `/api/investfirm/${p.firm}/investments`, paged: true },
    { label: 'investfirm investments middle', path: `/api/investfirm/${p.firm}/investments?page=${Math.ceil(Number(p.firmPages) / 2)}`, paged: true },
    { label: 'investfirm investments last', path: `/api/investfirm/${p.firm}/investments?page=${p.firmPages}`, paged: true },
    { label: 'investfirm closures p1', path: `/api/investfirm/${p.closedFirm}/closures`, paged: true },
    { label: 'investfirm closures middle', path: `/api/investfirm/${p.closedFirm}/closures?page=${Math.ceil(Number(p.closedFirmPages) / 2)}`, paged: true },
    { label: 'investfirm closures last', path: `/api/investfirm/${p.closedFirm}/closures?page=${p.closedFirmPages}`, paged: true },
    { label: 'investevent p1', path: '/api/investevent', paged: true },
    { label: 'investevent middle', path: `/api/investevent?page=${Math.ceil(Number(p.eventPages) / 2)}`, paged: true },
    { label: 'investevent last', path: `/api/investevent?page=${p.eventPages}`, paged: true },
    { label: 'investevent scope 医疗健康', path: `/api/investevent?scope=${q('医疗健康')}`, paged: true },
    { label: 'investevent scope 医疗健康 middle', path: `/api/investevent?scope=${q('医疗健康')}&page=${Math.ceil(Number(p.medEventPages) / 2)}`, paged: true },
    { label: 'investevent scope 医疗健康 last', path: `/api/investevent?scope=${q('医疗健康')}&page=${p.medEventPages}`, paged: true },
    { label: 'investevent tag (biggest)', path: `/api/investevent?tag=${q(p.tagName)}`, paged: true },
    { label: 'investevent tag middle', path: `/api/investevent?tag=${q(p.tagName)}&page=${Math.ceil(Number(p.tagEventPages) / 2)}`, paged: true },
    { label: 'investevent tag last', path: `/api/investevent?tag=${q(p.tagName)}&page=${p.tagEventPages}`, paged: true },
    { label: 'investevent scope + tag', path: `/api/investevent?scope=${q('医疗健康')}&tag=${q(p.tagName)}`, paged: true },
    { label: 'investevent scope + tag middle', path: `/api/investevent?scope=${q('医疗健康')}&tag=${q(p.tagName)}&page=${Math.ceil(Number(p.tagEventPages) / 2)}`, paged: true },
    { label: 'investevent detail', path: `/api/investevent/${p.event}` },
    { label: 'person (most roles)', path: `/api/person/${p.person}` },
    { label: 'users profile (most comments)', path: `/api/users/${p.commenter}` },
    { label: 'users comments (most)', path: `/api/users/${p.commenter}/comments`, paged: true },
    { label: 'users comments middle', path: `/api/users/${p.commenter}/comments?page=${Math.ceil(Number(p.commenterPages) / 2)}`, paged: true },
    { label: 'users comments last', path: `/api/users/${p.commenter}/comments?page=${p.commenterPages}`, paged: true },
    { label: 'users incense (most)', path: `/api/users/${p.offerer}/incense`, paged: true },
    { label: 'users incense middle', path: `/api/users/${p.offerer}/incense?page=${Math.ceil(Number(p.offererPages) / 2)}`, paged: true },
    { label: 'atlas detail (biggest tag)', path: `/api/atlas/${p.tag}` },
    { label: 'atlas companies p1', path: `/api/atlas/${p.tag}/companies`, paged: true },
    { label: 'atlas companies middle', path: `/api/atlas/${p.tag}/companies?page=${Math.ceil(Number(p.tagPages) / 2)}`, paged: true },
    { label: 'atlas companies last', path: `/api/atlas/${p.tag}/companies?page=${p.tagPages}`, paged: true },
    { label: 'atlas events p1', path: `/api/atlas/${p.tag}/events`, paged: true },
    { label: 'atlas events middle', path: `/api/atlas/${p.tag}/events?page=${Math.ceil(Number(p.tagEventPages) / 2)}`, paged: true },
    { label: 'atlas events last', path: `/api/atlas/${p.tag}/events?page=${p.tagEventPages}`, paged: true },
    { label: 'news p1', path: '/api/news', paged: true },
    { label: 'news middle', path: `/api/news?page=${Math.ceil(Number(p.newsPages) / 2)}`, paged: true },
    { label: 'news last', path: `/api/news?page=${p.newsPages}`, paged: true },
    { label: 'news scope 医疗健康', path: `/api/news?scope=${q('医疗健康')}`, paged: true },
    { label: 'news scope 医疗健康 last', path: `/api/news?scope=${q('医疗健康')}&page=${p.newsScopePages}`, paged: true },
    { label: 'news tag (biggest)', path: `/api/news?tag=${q(p.tagName)}`, paged: true },
    { label: 'news tag middle', path: `/api/news?tag=${q(p.tagName)}&page=${Math.ceil(Number(p.newsTagPages) / 2)}`, paged: true },
    { label: 'news tag last', path: `/api/news?tag=${q(p.tagName)}&page=${p.newsTagPages}`, paged: true },
    { label: 'news scope + tag', path: `/api/news?scope=${q('医疗健康')}&tag=${q(p.tagName)}`, paged: true },
    { label: 'policy p1', path: '/api/policy', paged: true },
    { label: 'policy last', path: `/api/policy?page=${p.policyPages}`, paged: true },
    { label: 'policy middle', path: `/api/policy?page=${Math.ceil(Number(p.policyPages) / 2)}`, paged: true },
    { label: 'policy region 科创板', path: `/api/policy?region=${q('科创板')}`, paged: true },
    { label: 'policy region 科创板 last', path: `/api/policy?region=${q('科创板')}&page=${p.policyStarPages}`, paged: true },
    { label: 'policy scope 医疗健康', path: `/api/policy?scope=${q('医疗健康')}`, paged: true },
    { label: 'policy scope 医疗健康 last', path: `/api/policy?scope=${q('医疗健康')}&page=${p.policyMedPages}`, paged: true },
    { label: 'policy detail', path: `/api/policy/${p.policy}` },
    { label: 'search 1 char', path: `/api/search?q=${q(p.kw1)}`, paged: true },
    { label: 'search 2 chars', path: `/api/search?q=${q(p.kw2)}`, paged: true },
    { label: 'search pinyin', path: `/api/search?q=${q(p.pinyin)}`, paged: true },
    { label: 'search initials', path: `/api/search?q=${q(p.initials)}`, paged: true },
  ],
};

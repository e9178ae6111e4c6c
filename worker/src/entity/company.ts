/**
 * /company/{id}: the company card (logo, name, slogan, founding, location, sector, status); for a
 * closed company its closing date, survival, reasons and incense (from the closed-company area's own
 * row); for a STAR-market company its m_com_id; financing history with investors (a non-VIP sees the
 * latest NON_VIP_INVSE records and the true count, as on /kcb/{id}), team, tags and related news.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { hydrateClosures } from '../closure/rows';
import { closureCompanyTags, companies, medicalCompanyTags, medicalTags, news, personRoles, persons, rounds, sectors, starmarketCompanies, starmarketStates } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { formatFounded } from '#shared/dates';
import { NON_VIP_INVSE } from '../starmarket/constants';
import { COMPANY_NEWS } from './constants';
import { companyEvents } from './events';
import { newsRowOf } from './news';

const seSector = alias(sectors, 'se_sector');
/** A VIP sees every financing record (a company has at most a few dozen). */
const ALL_INVSE = 500;

export async function companyDetail(db: Db, id: number, opts: { vip: boolean }) {
  const c = await db
    .select({
      com: companies,
      catName: sql<string | null>`${sectors.name}`.as('cat_name'),
      seCatName: sql<string | null>`${seSector.name}`.as('se_cat_name'),
      round: sql<string | null>`${rounds.name}`.as('round_name'),
    })
    .from(companies)
    .leftJoin(sectors, eq(sectors.id, companies.catId))
    .leftJoin(seSector, eq(seSector.id, companies.seCatId))
    .leftJoin(rounds, eq(rounds.id, companies.roundId))
    .where(eq(companies.id, id))
    .get();
  if (!c) throw new ApiError('NOT_FOUND', '该公司不存在');
  const [closure] = await hydrateClosures(db, [id]);
  const [star, team, medTags, comTags, newsRows] = await db.batch([
    db
      .select({ mComId: starmarketCompanies.mComId, isListed: starmarketCompanies.isListed, state: sql<string | null>`${starmarketStates.name}`.as('state_name') })
      .from(starmarketCompanies)
      .leftJoin(starmarketStates, eq(starmarketStates.id, starmarketCompanies.stateId))
      .where(eq(starmarketCompanies.comId, id))
      .limit(1),
    db
      .select({ personId: personRoles.personId, name: persons.name, position: personRoles.position })
      .from(personRoles)
      .innerJoin(persons, eq(persons.id, personRoles.personId))
      .where(and(eq(personRoles.comId, id), eq(personRoles.role, 'team')))
      .orderBy(asc(personRoles.id)),
    db
      .select({ id: medicalTags.id, name: medicalTags.name, pId: medicalTags.pId })
      .from(medicalCompanyTags)
      .innerJoin(medicalTags, eq(medicalTags.id, medicalCompanyTags.tagId))
      .where(eq(medicalCompanyTags.comId, id))
      .orderBy(asc(medicalTags.id)),
    db.select({ id: closureCompanyTags.tagId, name: closureCompanyTags.tagName }).from(closureCompanyTags).where(eq(closureCompanyTags.comId, id)),
    db.select().from(news).where(eq(news.comId, id)).orderBy(desc(news.date), desc(news.id)).limit(COMPANY_NEWS),
  ]);
  const invse = await companyEvents(db, id, opts.vip ? ALL_INVSE : NON_VIP_INVSE);
  const com = c.com;
  const medNames = new Set(medTags.map((t) => t.name));
  return {
    com_id: com.id,
    com_name: com.name,
    full_name: com.fullName,
    logo: com.logo,
    slogan: com.slogan,
    des: com.des,
    url: com.url,
    born: formatFounded(com.bornYear, com.bornMonth),
    prov: com.prov,
    city: com.city,
    cat_id: com.catId,
    cat_name: c.catName ?? '',
    se_cat_name: c.seCatName ?? '',
    round: c.round ?? '',
    total_money: com.totalMoney,
    status: closure ? ('已关闭' as const) : ('运营中' as const),
    closure: closure
      ? {
          close_date: closure.com_change_close_date,
          born: closure.born,
          survival: closure.survival,
          operating_status: closure.operating_status,
          incense_total: closure.incense_total,
          reasons: closure.closure_type,
        }
      : null,
    kcb: star[0] ? { m_com_id: star[0].mComId, state: star[0].state ?? '', listed: star[0].isListed === 1 } : null,
    invse: invse.info,
    count_invse_num: invse.total,
    team: team.map((t) => ({ person_id: t.personId, name: t.name, position: t.position })),
    tags: [
      ...medTags.map((t) => ({ tag_id: t.id, tag_name: t.name, atlas: true })),
      ...comTags.filter((t) => !medNames.has(t.name)).map((t) => ({ tag_id: t.id, tag_name: t.name, atlas: false })),
    ],
    news: newsRows.map(newsRowOf),
  };
}

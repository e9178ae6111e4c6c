/**
 * Information disclosure (/starmarket/info_disclosure): the search page over every filing (type,
 * keyword on the file name; 20 per page) and one company's own filings (5 per page in its
 * detail), newest first; /starmarket/type_list gives the type options.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { disclosureTypes, disclosures as d, starmarketCompanies as m } from '../db';
import type { Db } from '../env';
import { offsetOf } from '../lib/pagination';
import { likeAnywhere } from '../lib/params';
import { formatYmd } from '../lib/time';

export interface DisclosureParams {
  keyword?: string;
  type?: number;
  m_com_id?: number;
  page: number;
  per_page: number;
}

export async function listDisclosures(db: Db, p: DisclosureParams) {
  const conds: SQL[] = [];
  if (p.m_com_id !== undefined) conds.push(eq(d.mComId, p.m_com_id));
  if (p.type !== undefined) conds.push(eq(d.typeId, p.type));
  if (p.keyword) conds.push(sql`${d.fileName} LIKE ${likeAnywhere(p.keyword)} ESCAPE '\\'`);
  const where = conds.length ? and(...conds) : undefined;
  // The page's ids first, so the rows OFFSET skips are read from the index only.
  const pageIds = db.select({ id: d.id }).from(d).where(where).orderBy(desc(d.disclosureTime), desc(d.id)).limit(p.per_page).offset(offsetOf(p.page, p.per_page));
  const [rows, countRows, types] = await db.batch([
    db
      .select({
        id: d.id,
        mComId: d.mComId,
        comName: m.comName,
        typeId: d.typeId,
        fileName: d.fileName,
        url: d.url,
        time: d.disclosureTime,
      })
      .from(d)
      .leftJoin(m, eq(m.mComId, d.mComId))
      .where(inArray(d.id, pageIds))
      .orderBy(desc(d.disclosureTime), desc(d.id)),
    db.select({ n: sql<number>`count(*)` }).from(d).where(where),
    // The few type names once, rather than one lookup per row.
    disclosureTypeList(db),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  return {
    info: rows.map((r) => ({
      id: r.id,
      m_com_id: r.mComId,
      com_name: r.comName ?? '',
      type_id: r.typeId,
      type_name: typeName.get(r.typeId) ?? '',
      file_name: r.fileName,
      url: r.url,
      disclosure_time: formatYmd(r.time),
    })),
    total: countRows[0]?.n ?? 0,
  };
}

export const disclosureTypeList = (db: Db) => db.select({ id: disclosureTypes.id, name: disclosureTypes.name }).from(disclosureTypes).orderBy(asc(disclosureTypes.id));

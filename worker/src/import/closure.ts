/**
 * Closed companies in: each row validated against the product's vocabularies (sectors, rounds, the
 * two-level closing reasons, provinces, investment firms), matched to what is stored by its natural
 * key (company name + close date), and written as one D1 batch per request: new companies (the
 * companies row, the closures row, reasons, investors, the search name), changed fields of existing
 * ones, and the batch's record of both for --undo. New companies take the bulk path (db/kept/bulk.ts):
 * set-based kept deltas in the same batch instead of the per-row triggers; changes of stored ones keep
 * the triggers. Either way every count, ranking, card and name index moves in the same transaction.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { eq, inArray, sql } from 'drizzle-orm';
import { closureCompanyAlbums, closureCompanyTags, closureCompanyTracks, closureCompanyTypes, closureInvestors, closures, closureTeams, closureTypes, companies, investFirms, rounds, type searchNames } from '../db';
import { bulkDeleteStatements, bulkStatements } from '../db/kept/bulk';
import { sectorMaps, sectorOf, sectorsQuery, type Sectors } from './sectors';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { ymdParts } from '#shared/dates';
import { HORSE_MIN, UNICORN_MIN } from '../medical/constants';
import { HORSE_UNICORN } from '../closure/constants';
import { CLOSURE_FIELDS, type ColumnMap } from './columns';
import { addDefault, changeRows, countBatch, emptyOutcome, inColumn, insertChunks, readRows, reserveIds, RowError, searchInsert, searchUpserts, slices, type ImportRow, type RowsOptions, type RowsOutcome } from './rows';
import { amountValue, dateValue, listValue, provinceValue, text, type Cell } from './values';

/** Defaults for what a file does not say (akshare's table has no sub-industry, round, status or reasons). */
export const CLOSURE_DEFAULTS = {
  /** The sector's sub-industry of this name where the taxonomy has one; otherwise none (se_cat_id 0). */
  subIndustry: '其他',
  /** The round named so: the taxonomy's word for an unknown funding status. */
  fundStatus: ['未知', '不明确'],
  operatingStatus: '已关闭',
} as const;

/** Packed list keys hold ids below this (docs/kept-counts.md): new ids past it are refused. */
const ID_LIMIT = 10_000_000;

interface Reason {
  id: number;
  pId: number;
}

/** A row as read: undefined is "the file says nothing" (no column, or an empty cell). */
interface ClosureValues {
  com_name: string;
  close_date: number;
  cat_id: number;
  se_cat_id?: number;
  com_prov: string;
  born_date: number;
  fund_status_id?: number;
  total_money?: number;
  valuation?: number;
  operating_status?: string;
  com_des?: string;
  reasons?: Reason[];
  investors?: string[];
}

interface Vocab {
  sectors: Sectors;
  rounds: Map<string, number>;
  parents: Map<string, number>;
  children: Map<string, Reason[]>;
  childOf: Map<string, Reason>;
}

async function readVocab(db: Db): Promise<Vocab> {
  const [sec, rds, types] = await db.batch([
    sectorsQuery(db),
    db.select({ id: rounds.id, name: rounds.name }).from(rounds),
    db.select({ id: closureTypes.id, pId: closureTypes.pId, name: closureTypes.name }).from(closureTypes),
  ]);
  const v: Vocab = { sectors: sectorMaps(sec), rounds: new Map(), parents: new Map(), children: new Map(), childOf: new Map() };
  for (const r of rds) v.rounds.set(r.name, r.id);
  const parentName = new Map(types.filter((t) => t.pId === 0).map((t) => [t.id, t.name]));
  for (const [id, name] of parentName) v.parents.set(name, id);
  for (const t of types) {
    if (t.pId === 0) continue;
    const r = { id: t.id, pId: t.pId };
    v.childOf.set(`${parentName.get(t.pId)}-${t.name}`, r);
    v.children.set(t.name, [...(v.children.get(t.name) ?? []), r]);
  }
  return v;
}

const cellOf = (map: ColumnMap, row: ImportRow, field: keyof typeof CLOSURE_FIELDS): Cell => (field in map.index ? row.values[map.index[field]] : undefined);

/** The header a field's column has in this file (the rejects file names columns as the file does). */
const headerOf = (map: ColumnMap, headers: string[], field: keyof typeof CLOSURE_FIELDS) =>
  field in map.index ? headers[map.index[field]] : CLOSURE_FIELDS[field].label;

function readRow(map: ColumnMap, headers: string[], row: ImportRow, vocab: Vocab): ClosureValues {
  const col = (f: keyof typeof CLOSURE_FIELDS) => headerOf(map, headers, f);
  const cell = (f: keyof typeof CLOSURE_FIELDS) => cellOf(map, row, f);
  const name = text(cell('com_name'));
  if (!name) throw new RowError(col('com_name'), '公司名称为空');
  if (name.length > 100) throw new RowError(col('com_name'), '公司名称超过 100 个字符');
  const closeDate = inColumn(col('close_date'), () => dateValue(cell('close_date')));
  if (closeDate === null) throw new RowError(col('close_date'), '关闭时间为空');
  const bornDate = inColumn(col('born_date'), () => dateValue(cell('born_date')));
  if (bornDate === null) throw new RowError(col('born_date'), '成立时间为空');
  if (bornDate > closeDate) throw new RowError(col('born_date'), `成立时间（${bornDate}）晚于关闭时间（${closeDate}）`);
  const { catId, seCatId } = sectorOf(vocab.sectors, { cell: cell('cat_name'), column: col('cat_name') }, { cell: cell('se_cat_name'), column: col('se_cat_name') });
  const com_prov = inColumn(col('com_prov'), () => provinceValue(cell('com_prov')));
  const v: ClosureValues = { com_name: name, close_date: closeDate, born_date: bornDate, cat_id: catId, se_cat_id: seCatId, com_prov };
  const roundName = text(cell('round_name'));
  if (roundName) {
    const id = vocab.rounds.get(roundName);
    if (id === undefined) throw new RowError(col('round_name'), `融资轮次“${roundName}”不在轮次表中`);
    v.fund_status_id = id;
  }
  for (const f of ['total_money', 'valuation'] as const) {
    const a = inColumn(col(f), () => amountValue(cell(f)));
    if (!a.undisclosed) v[f] = a.wan;
  }
  const status = text(cell('operating_status'));
  if (status) {
    if (status.length > 20) throw new RowError(col('operating_status'), '运营状态超过 20 个字符');
    v.operating_status = status;
  }
  const des = text(cell('com_des'));
  if (des) v.com_des = des;
  const reasonNames = listValue(cell('reasons'));
  if (reasonNames.length) v.reasons = reasonNames.map((r) => reasonOf(vocab, r, col('reasons')));
  const investors = listValue(cell('investors'));
  if (investors.length) v.investors = investors;
  return v;
}

/** '资金原因-烧钱过快' or a child name alone when only one parent has it. */
function reasonOf(vocab: Vocab, name: string, column: string): Reason {
  const pair = vocab.childOf.get(name.replace(/\s*[-－—/]\s*/, '-'));
  if (pair) return pair;
  const children = vocab.children.get(name) ?? [];
  if (children.length === 1) return children[0];
  if (children.length > 1) throw new RowError(column, `关闭原因“${name}”在多个一级原因下，请写成“一级原因-${name}”`);
  if (vocab.parents.has(name)) throw new RowError(column, `关闭原因“${name}”是一级原因，请写出它下面的二级原因`);
  throw new RowError(column, `关闭原因“${name}”不在关闭原因分类中`);
}

const hu = (valuation: number) => (valuation >= UNICORN_MIN ? HORSE_UNICORN.unicorn : valuation >= HORSE_MIN ? HORSE_UNICORN.horse : 0);

type Stored = typeof closures.$inferSelect & { reasons: Reason[]; investors: { id: number; name: string }[] };

/** The scalar fields an update compares, with their label. */
const SCALARS = [
  ['cat_id', 'catId', '行业'],
  ['se_cat_id', 'seCatId', '子行业'],
  ['com_prov', 'comProv', '地区'],
  ['born_date', 'bornDate', '成立时间'],
  ['fund_status_id', 'fundStatusId', '融资轮次'],
  ['total_money', 'totalMoney', '融资总额'],
  ['valuation', 'valuation', '估值'],
  ['operating_status', 'operatingStatus', '运营状态'],
  ['com_des', 'comDes', '公司简介'],
] as const;

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\u0001') === [...b].sort().join('\u0001');

/**
 * The stored closures the rows' names may match, with their reasons and investors, and the firms the
 * rows name: two round trips (the links only when a name matched).
 */
async function readStored(db: Db, names: string[], firmNames: string[]): Promise<{ stored: Map<string, Stored>; firms: Map<string, number> }> {
  const stored = new Map<string, Stored>();
  const firms = new Map<string, number>();
  const byName = slices(names).map((s) => db.select().from(closures).where(inArray(closures.comName, s)));
  const byFirm = slices(firmNames).map((s) => db.select({ id: investFirms.id, name: investFirms.name }).from(investFirms).where(inArray(investFirms.name, s)).orderBy(investFirms.id));
  if (!byName.length && !byFirm.length) return { stored, firms };
  const results = (await db.batch([...byName, ...byFirm] as unknown as [BatchItem<'sqlite'>])) as unknown[][];
  const found = results.slice(0, byName.length).flat() as (typeof closures.$inferSelect)[];
  for (const f of results.slice(byName.length).flat() as { id: number; name: string }[]) if (!firms.has(f.name)) firms.set(f.name, f.id);
  if (!found.length) return { stored, firms };
  const ids = found.map((r) => r.comId);
  const byId = new Map(found.map((r) => [r.comId, { ...r, reasons: [] as Reason[], investors: [] as { id: number; name: string }[] }]));
  const reasonReads = slices(ids).map((s) => db.select({ comId: closureCompanyTypes.comId, id: closureCompanyTypes.typeId, pId: closureCompanyTypes.pId }).from(closureCompanyTypes).where(inArray(closureCompanyTypes.comId, s)));
  const investorReads = slices(ids).map((s) => db.select({ comId: closureInvestors.comId, id: closureInvestors.invstId, name: closureInvestors.invstName }).from(closureInvestors).where(inArray(closureInvestors.comId, s)));
  const links = (await db.batch([...reasonReads, ...investorReads] as unknown as [BatchItem<'sqlite'>])) as unknown[][];
  for (const r of links.slice(0, reasonReads.length).flat() as { comId: number; id: number; pId: number }[]) byId.get(r.comId)!.reasons.push({ id: r.id, pId: r.pId });
  for (const r of links.slice(reasonReads.length).flat() as { comId: number; id: number; name: string }[]) byId.get(r.comId)!.investors.push({ id: r.id, name: r.name });
  for (const s of byId.values()) stored.set(`${s.comName}\u0001${s.closeDate}`, s);
  return { stored, firms };
}


/**
 * Validates and writes one request's closed-company rows. New companies and firms take ids from a
 * range reserved for the request (reserveIds), so requests may run side by side; the CLI never sends
 * two pieces naming the same company at once, so a natural key is looked up before it is written.
 */
export async function importClosures(db: Db, map: ColumnMap, headers: string[], rows: ImportRow[], opts: RowsOptions): Promise<RowsOutcome> {
  const o = emptyOutcome();
  const vocab = await readVocab(db);
  const good = readRows(rows, o, (row) => readRow(map, headers, row, vocab));
  const firmNames = [...new Set(good.flatMap((g) => g.v.investors ?? []))];
  const { stored, firms } = await readStored(db, [...new Set(good.map((g) => g.v.com_name))], firmNames);
  const { searchNameRow } = await import('../search/keys');

  // Ids only for what is new (a dry run reserves none: its ids are never shown).
  const newCount = new Set(good.filter((g) => !stored.has(`${g.v.com_name}\u0001${g.v.close_date}`)).map((g) => `${g.v.com_name}\u0001${g.v.close_date}`)).size;
  const newFirmCount = opts.createFirms ? firmNames.filter((n) => !firms.has(n)).length : 0;
  let comId = opts.dryRun ? 1 : await reserveIds(db, 'companies', 'id', newCount);
  let firmId = opts.dryRun ? 1 : await reserveIds(db, 'invest_firms', 'id', newFirmCount);
  const newFirms: (typeof investFirms.$inferInsert)[] = [];
  for (const name of firmNames) {
    if (firms.has(name)) continue;
    if (opts.createFirms) {
      firms.set(name, firmId);
      newFirms.push({ id: firmId++, name });
      o.firms_created.push(name);
    } else o.firms_missing.push(name);
  }
  if (comId + newCount > ID_LIMIT || firmId > ID_LIMIT) throw new ApiError('CONFLICT', `公司或机构的 id 将超过 ${ID_LIMIT}（列表打包键的上限，见 docs/kept-counts.md）`);
  const investorsOf = (names: string[]) => names.filter((n) => firms.has(n)).map((n) => ({ id: firms.get(n)!, name: n }));

  // New companies' rows go in through the bulk path; the links of a company an update changes, row by row.
  const inserts = { companies: [] as (typeof companies.$inferInsert)[], closures: [] as (typeof closures.$inferInsert)[], types: [] as (typeof closureCompanyTypes.$inferInsert)[], investors: [] as (typeof closureInvestors.$inferInsert)[], search: [] as (typeof searchNames.$inferInsert)[] };
  // A second row of the file may change a company the first inserted: its change runs after the insert.
  const phase = () => ({ updates: [] as BatchItem<'sqlite'>[], types: [] as (typeof closureCompanyTypes.$inferInsert)[], investors: [] as (typeof closureInvestors.$inferInsert)[] });
  const early = phase();
  const late = phase();
  const newIds = new Set<number>();
  const changes: { refKind: 'closure' | 'firm'; refId: number; action: 'insert' | 'update'; before: string }[] = newFirms.map((f) => ({ refKind: 'firm', refId: f.id!, action: 'insert', before: '{}' }));
  for (const f of newFirms) {
    const s = searchNameRow('investfirm', f.id!, f.name);
    inserts.search.push(searchInsert(s));
  }

  for (const { line, v } of good) {
    const key = `${v.com_name}\u0001${v.close_date}`;
    const old = stored.get(key);
    if (!old) {
      const seCat = v.se_cat_id ?? vocab.sectors.subs.get(`${v.cat_id}:${CLOSURE_DEFAULTS.subIndustry}`) ?? 0;
      if (v.se_cat_id === undefined) addDefault(o, '子行业');
      const fund = v.fund_status_id ?? CLOSURE_DEFAULTS.fundStatus.map((n) => vocab.rounds.get(n)).find((id) => id !== undefined) ?? 0;
      if (v.fund_status_id === undefined) addDefault(o, '融资轮次');
      if (v.operating_status === undefined) addDefault(o, '运营状态');
      if (v.total_money === undefined) addDefault(o, '融资总额');
      if (v.valuation === undefined) addDefault(o, '估值');
      const id = comId++;
      newIds.add(id);
      const row = {
        comId: id,
        comName: v.com_name,
        comDes: v.com_des ?? '',
        comProv: v.com_prov,
        catId: v.cat_id,
        seCatId: seCat,
        fundStatusId: fund,
        bornDate: v.born_date,
        closeDate: v.close_date,
        operatingStatus: v.operating_status ?? CLOSURE_DEFAULTS.operatingStatus,
        totalMoney: v.total_money ?? 0,
        valuation: v.valuation ?? 0,
        horseUnicorn: hu(v.valuation ?? 0),
      };
      inserts.closures.push(row);
      inserts.companies.push({
        id,
        name: v.com_name,
        fullName: v.com_name,
        des: row.comDes,
        prov: v.com_prov,
        city: '',
        catId: v.cat_id,
        seCatId: seCat,
        bornYear: ymdParts(v.born_date).y,
        bornMonth: ymdParts(v.born_date).m,
        roundId: fund,
        totalMoney: row.totalMoney,
        valuation: row.valuation,
      });
      for (const r of v.reasons ?? []) inserts.types.push({ comId: id, typeId: r.id, pId: r.pId, closeDate: v.close_date });
      for (const inv of investorsOf(v.investors ?? [])) inserts.investors.push({ comId: id, invstId: inv.id, invstName: inv.name, totalMoney: row.totalMoney });
      const s = searchNameRow('company', id, v.com_name);
      inserts.search.push(searchInsert(s));
      changes.push({ refKind: 'closure', refId: id, action: 'insert', before: '{}' });
      // A second row of the file with the same key compares with this one.
      stored.set(key, { ...row, logo: '', incenseTotal: 0, closeYear: null, survivalMonths: null, reasons: v.reasons ?? [], investors: investorsOf(v.investors ?? []) } as Stored);
      o.imported++;
      o.changes.push({ line, name: v.com_name, action: 'insert', fields: [] });
      continue;
    }
    const set: Partial<typeof closures.$inferInsert> = {};
    const before: Record<string, unknown> = {};
    const labels: string[] = [];
    for (const [field, prop, label] of SCALARS) {
      const value = v[field];
      if (value === undefined || value === old[prop]) continue;
      (set as Record<string, unknown>)[prop] = value;
      before[prop] = old[prop];
      labels.push(label);
    }
    if (set.valuation !== undefined && hu(set.valuation) !== old.horseUnicorn) {
      set.horseUnicorn = hu(set.valuation);
      before.horseUnicorn = old.horseUnicorn;
    }
    const newReasons = v.reasons && !sameSet(v.reasons.map((r) => String(r.id)), old.reasons.map((r) => String(r.id))) ? v.reasons : undefined;
    const wantInvestors = v.investors ? investorsOf(v.investors) : undefined;
    const newInvestors = wantInvestors && !sameSet(wantInvestors.map((r) => String(r.id)), old.investors.map((r) => String(r.id))) ? wantInvestors : undefined;
    if (newReasons) {
      before.reasons = old.reasons;
      labels.push('关闭原因');
    }
    if (newInvestors) {
      before.investors = old.investors;
      labels.push('投资机构');
    }
    if (!labels.length) {
      o.unchanged++;
      continue;
    }
    const id = old.comId;
    const at = newIds.has(id) ? late : early;
    if (Object.keys(set).length) {
      at.updates.push(db.update(closures).set(set).where(eq(closures.comId, id)));
      at.updates.push(db.update(companies).set(companyFields(set)).where(eq(companies.id, id)));
    }
    if (newReasons) {
      at.updates.push(db.delete(closureCompanyTypes).where(eq(closureCompanyTypes.comId, id)));
      at.types.push(...newReasons.map((r) => ({ comId: id, typeId: r.id, pId: r.pId, closeDate: old.closeDate })));
    }
    if (newInvestors) {
      at.updates.push(db.delete(closureInvestors).where(eq(closureInvestors.comId, id)));
      at.investors.push(...newInvestors.map((inv) => ({ comId: id, invstId: inv.id, invstName: inv.name })));
    }
    changes.push({ refKind: 'closure', refId: id, action: 'update', before: JSON.stringify(before) });
    Object.assign(old, set, newReasons ? { reasons: newReasons } : {}, newInvestors ? { investors: newInvestors } : {});
    o.updated++;
    o.changes.push({ line, name: v.com_name, action: 'update', fields: labels });
  }
  if (opts.dryRun) return o;

  const bulk = newIds.size ? bulkStatements([...newIds]) : undefined;
  const statements: BatchItem<'sqlite'>[] = [
    ...insertChunks(db, investFirms, newFirms),
    // Changed companies first, their triggers counting row by row; link rows after the deletes of the rows they replace.
    ...relink(db, early),
    // New companies through the bulk path: set-based deltas instead of the per-row kept triggers (db/kept/bulk.ts).
    ...(bulk ? [db.run(sql.raw(bulk.begin))] : []),
    ...insertChunks(db, companies, inserts.companies),
    ...insertChunks(db, closures, inserts.closures),
    ...insertChunks(db, closureCompanyTypes, inserts.types),
    ...insertChunks(db, closureInvestors, inserts.investors),
    ...(bulk ? bulk.end.map((q) => db.run(sql.raw(q))) : []),
    ...relink(db, late),
    ...searchUpserts(db, inserts.search),
    ...changeRows(db, opts.batchId, changes),
    countBatch(db, opts.batchId, o),
  ];
  await db.batch(statements as [BatchItem<'sqlite'>]);
  return o;
}

/** Updates of stored companies, then the link rows that replace the ones they deleted. */
function relink(db: Db, p: { updates: BatchItem<'sqlite'>[]; types: (typeof closureCompanyTypes.$inferInsert)[]; investors: (typeof closureInvestors.$inferInsert)[] }): BatchItem<'sqlite'>[] {
  return [...p.updates, ...insertChunks(db, closureCompanyTypes, p.types), ...insertChunks(db, closureInvestors, p.investors)];
}

/** The companies row carries the same figures as its closure (company pages, search ranking). */
export function companyFields(set: Partial<typeof closures.$inferInsert>): Partial<typeof companies.$inferInsert> {
  const out: Partial<typeof companies.$inferInsert> = {};
  if (set.catId !== undefined) out.catId = set.catId;
  if (set.seCatId !== undefined) out.seCatId = set.seCatId;
  if (set.comProv !== undefined) out.prov = set.comProv;
  if (set.bornDate !== undefined) {
    out.bornYear = ymdParts(set.bornDate).y;
    out.bornMonth = ymdParts(set.bornDate).m;
  }
  if (set.fundStatusId !== undefined) out.roundId = set.fundStatusId;
  if (set.totalMoney !== undefined) out.totalMoney = set.totalMoney;
  if (set.valuation !== undefined) out.valuation = set.valuation;
  if (set.comDes !== undefined) out.des = set.comDes;
  return out;
}

/** What the product attached to a closed company besides its reasons and investors: it goes with the company. */
const ATTACHED = [closureCompanyTracks, closureCompanyAlbums, closureCompanyTags, closureTeams] as const;

/**
 * Undo of many closed companies the batch inserted: what was attached to them since (tracks,
 * albums, tags, team) row by row, then their reasons, investors and closures rows set-based
 * (db/kept/bulk.ts: the kept counts taken away in a few statements), then the companies.
 */
export function deleteClosures(db: Db, ids: readonly number[]): BatchItem<'sqlite'>[] {
  const mine = (col: SQLiteColumn) => sql`${col} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  return [
    ...ATTACHED.map((t) => db.delete(t).where(mine(t.comId))),
    ...bulkDeleteStatements(ids).map((q) => db.run(sql.raw(q))),
    db.delete(companies).where(mine(companies.id)),
  ];
}

/** Undo of an update: the fields as they were, and the reasons and investors if the batch replaced them. */
export function restoreClosure(db: Db, id: number, closeDate: number, before: Record<string, unknown>): BatchItem<'sqlite'>[] {
  const { reasons, investors, ...fields } = before as { reasons?: Reason[]; investors?: { id: number; name: string }[] } & Partial<typeof closures.$inferInsert>;
  const out: BatchItem<'sqlite'>[] = [];
  if (Object.keys(fields).length) {
    out.push(db.update(closures).set(fields).where(eq(closures.comId, id)));
    const c = companyFields(fields);
    if (Object.keys(c).length) out.push(db.update(companies).set(c).where(eq(companies.id, id)));
  }
  if (reasons) {
    out.push(db.delete(closureCompanyTypes).where(eq(closureCompanyTypes.comId, id)));
    out.push(...insertChunks(db, closureCompanyTypes, reasons.map((r) => ({ comId: id, typeId: r.id, pId: r.pId, closeDate }))));
  }
  if (investors) {
    out.push(db.delete(closureInvestors).where(eq(closureInvestors.comId, id)));
    out.push(...insertChunks(db, closureInvestors, investors.map((inv) => ({ comId: id, invstId: inv.id, invstName: inv.name }))));
  }
  return out;
}

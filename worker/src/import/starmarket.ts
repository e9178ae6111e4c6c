/**
 * STAR-market companies in, by their natural key (the registered full name): validated against the
 * sectors, provinces and review states, written with a companies row and one listing stage (the
 * state the file gives, on its update date: the export carries no stage history). A company whose
 * state is 已发行 is on the listed tab. Triggers keep the counts, day buckets, firm links and name
 * search of the STAR lists in the same transaction.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { eq, inArray } from 'drizzle-orm';
import { companies, type searchNames, starmarketCompanies, starmarketStages, starmarketStates } from '../db';
import { sectorMaps, sectorOf, sectorsQuery } from './sectors';
import type { Db } from '../env';
import { STAR_FIELDS, type ColumnMap } from './columns';
import { addDefault, changeRows, countBatch, emptyOutcome, inColumn, insertChunks, readRows, reserveIds, RowError, searchInsert, searchUpserts, slices, type ImportRow, type RowsOptions, type RowsOutcome } from './rows';
import { amountValue, dateValue, provinceValue, text, type Cell } from './values';

/** The review state that means the company is listed (the listed tab of /kcb/project). */
export const LISTED_STATE = '已发行';

type Field = keyof typeof STAR_FIELDS;
type Row = typeof starmarketCompanies.$inferSelect;

/** What an update compares: the scalar columns the export writes, with their labels. */
const SCALARS = [
  ['comName', '公司简称'],
  ['catId', '行业'],
  ['seCatId', '子行业'],
  ['comProv', '省份'],
  ['comCity', '城市'],
  ['stateId', '审核状态'],
  ['acceptanceTime', '受理日期'],
  ['acceptanceUpdateTime', '更新日期'],
  ['planIssueCapital', '拟募资金额'],
  ['totalMoney', '融资总额'],
  ['countMoney', '开盘市值'],
  ['money', '募集资金'],
  ['organizationName', '保荐机构'],
  ['accountingFirm', '会计师事务所'],
  ['lawFirm', '律师事务所'],
  ['comSlogan', '一句话介绍'],
] as const;

type Values = Partial<Pick<Row, (typeof SCALARS)[number][0]>> & { comRegisteredName: string; comName: string; catId: number; comProv: string; stateId: number; acceptanceTime: number };

async function readVocab(db: Db) {
  const [sec, states] = await db.batch([
    sectorsQuery(db),
    db.select({ id: starmarketStates.id, name: starmarketStates.name }).from(starmarketStates),
  ]);
  return {
    sectors: sectorMaps(sec),
    states: new Map(states.map((s) => [s.name, s.id])),
    stateNames: new Map(states.map((s) => [s.id, s.name])),
  };
}

function readRow(map: ColumnMap, headers: string[], row: ImportRow, vocab: Awaited<ReturnType<typeof readVocab>>): Values {
  const col = (f: Field) => (f in map.index ? headers[map.index[f]] : STAR_FIELDS[f].label);
  const cell = (f: Field): Cell => (f in map.index ? row.values[map.index[f]] : undefined);
  const full = text(cell('com_registered_name'));
  if (!full) throw new RowError(col('com_registered_name'), '公司全称为空');
  const short = text(cell('com_name'));
  if (!short) throw new RowError(col('com_name'), '公司简称为空');
  if (full.length > 100 || short.length > 100) throw new RowError(col(full.length > 100 ? 'com_registered_name' : 'com_name'), '公司名称超过 100 个字符');
  const { catId, seCatId } = sectorOf(vocab.sectors, { cell: cell('cat_name'), column: col('cat_name') }, { cell: cell('se_cat_name'), column: col('se_cat_name') });
  const comProv = inColumn(col('com_prov'), () => provinceValue(cell('com_prov')));
  const stateName = text(cell('state_name'));
  const stateId = vocab.states.get(stateName);
  if (stateId === undefined) throw new RowError(col('state_name'), stateName ? `审核状态“${stateName}”不在审核状态表中` : '审核状态为空');
  const acceptanceTime = inColumn(col('acceptance_time'), () => dateValue(cell('acceptance_time')));
  if (acceptanceTime === null) throw new RowError(col('acceptance_time'), '受理日期为空');
  const v: Values = { comRegisteredName: full, comName: short, catId, comProv, stateId, acceptanceTime };
  if (seCatId !== undefined) v.seCatId = seCatId;
  const city = text(cell('com_city'));
  if (city) v.comCity = city;
  const updated = inColumn(col('acceptance_update_time'), () => dateValue(cell('acceptance_update_time')));
  if (updated !== null) {
    if (updated < acceptanceTime) throw new RowError(col('acceptance_update_time'), `更新日期（${updated}）早于受理日期（${acceptanceTime}）`);
    v.acceptanceUpdateTime = updated;
  }
  for (const [f, prop] of [['plan_issue_capital', 'planIssueCapital'], ['total_money', 'totalMoney'], ['count_money', 'countMoney'], ['money', 'money']] as const) {
    const a = inColumn(col(f), () => amountValue(cell(f)));
    if (!a.undisclosed) v[prop] = a.wan;
  }
  for (const [f, prop] of [['organization_name', 'organizationName'], ['accounting_firm', 'accountingFirm'], ['law_firm', 'lawFirm'], ['com_slogan', 'comSlogan']] as const) {
    const t = text(cell(f));
    if (t) v[prop] = t;
  }
  return v;
}

export async function importStarmarket(db: Db, map: ColumnMap, headers: string[], rows: ImportRow[], opts: RowsOptions): Promise<RowsOutcome> {
  const o = emptyOutcome();
  const vocab = await readVocab(db);
  const good = readRows(rows, o, (row) => readRow(map, headers, row, vocab));
  const names = [...new Set(good.map((g) => g.v.comRegisteredName))];
  const found = names.length ? (((await db.batch(slices(names).map((s) => db.select().from(starmarketCompanies).where(inArray(starmarketCompanies.comRegisteredName, s))) as unknown as [BatchItem<'sqlite'>])) as unknown as Row[][]).flat()) : [];
  const stored = new Map(found.map((r) => [r.comRegisteredName, r]));
  const newCount = new Set(good.filter((g) => !stored.has(g.v.comRegisteredName)).map((g) => g.v.comRegisteredName)).size;
  // A STAR company has its own id (m_com_id) and a companies row (com_id).
  let mComId = opts.dryRun ? 1 : await reserveIds(db, 'starmarket_companies', 'm_com_id', newCount);
  let comId = opts.dryRun ? 1 : await reserveIds(db, 'companies', 'id', newCount);

  const inserts = { stars: [] as (typeof starmarketCompanies.$inferInsert)[], companies: [] as (typeof companies.$inferInsert)[], stages: [] as (typeof starmarketStages.$inferInsert)[] };
  const { searchNameRow } = await import('../search/keys');
  const search: (typeof searchNames.$inferInsert)[] = [];
  const updates: BatchItem<'sqlite'>[] = [];
  const changes: { refKind: 'starmarket'; refId: number; action: 'insert' | 'update'; before: string }[] = [];
  for (const { line, v } of good) {
    const old = stored.get(v.comRegisteredName);
    if (!old) {
      if (v.seCatId === undefined) addDefault(o, '子行业');
      if (v.acceptanceUpdateTime === undefined) addDefault(o, '更新日期');
      const row = {
        mComId: mComId++,
        comId: comId++,
        comRegisteredName: v.comRegisteredName,
        comName: v.comName,
        comProv: v.comProv,
        comCity: v.comCity ?? '',
        catId: v.catId,
        seCatId: v.seCatId ?? 0,
        stateId: v.stateId,
        isListed: vocab.stateNames.get(v.stateId) === LISTED_STATE ? 1 : 0,
        acceptanceTime: v.acceptanceTime,
        acceptanceUpdateTime: v.acceptanceUpdateTime ?? v.acceptanceTime,
        planIssueCapital: v.planIssueCapital ?? 0,
        countMoney: v.countMoney ?? 0,
        money: v.money ?? 0,
        totalMoney: v.totalMoney ?? 0,
        organizationName: v.organizationName ?? '',
        accountingFirm: v.accountingFirm ?? '',
        lawFirm: v.lawFirm ?? '',
        comSlogan: v.comSlogan ?? '',
      };
      inserts.stars.push(row);
      inserts.companies.push({ id: row.comId, name: row.comName, fullName: row.comRegisteredName, slogan: row.comSlogan, prov: row.comProv, city: row.comCity, catId: row.catId, seCatId: row.seCatId, bornYear: 0, bornMonth: 0, totalMoney: row.totalMoney });
      inserts.stages.push({ mComId: row.mComId, seq: 1, stateSubName: vocab.stateNames.get(v.stateId) ?? '', time: row.acceptanceUpdateTime, state: v.stateId });
      search.push(searchInsert(searchNameRow('company', row.comId, row.comName)));
      changes.push({ refKind: 'starmarket', refId: row.mComId, action: 'insert', before: '{}' });
      stored.set(v.comRegisteredName, { ...row, comLogo: '', representative: '', accountant: '', lawyer: '', evaluatorFirm: '', evaluator: '', stateSince: 0 });
      o.imported++;
      o.changes.push({ line, name: v.comRegisteredName, action: 'insert', fields: [] });
      continue;
    }
    const set: Partial<Row> = {};
    const before: Record<string, unknown> = {};
    const labels: string[] = [];
    for (const [prop, label] of SCALARS) {
      const value = v[prop];
      if (value === undefined || value === old[prop]) continue;
      (set as Record<string, unknown>)[prop] = value;
      before[prop] = old[prop];
      labels.push(label);
    }
    if (!labels.length) {
      o.unchanged++;
      continue;
    }
    if (set.stateId !== undefined) {
      set.isListed = vocab.stateNames.get(set.stateId) === LISTED_STATE ? 1 : 0;
      before.isListed = old.isListed;
    }
    updates.push(db.update(starmarketCompanies).set(set).where(eq(starmarketCompanies.mComId, old.mComId)));
    changes.push({ refKind: 'starmarket', refId: old.mComId, action: 'update', before: JSON.stringify(before) });
    Object.assign(old, set);
    o.updated++;
    o.changes.push({ line, name: v.comRegisteredName, action: 'update', fields: labels });
  }
  if (opts.dryRun) return o;
  await db.batch([
    ...insertChunks(db, companies, inserts.companies),
    ...insertChunks(db, starmarketCompanies, inserts.stars),
    ...insertChunks(db, starmarketStages, inserts.stages),
    ...updates,
    ...searchUpserts(db, search),
    ...changeRows(db, opts.batchId, changes),
    countBatch(db, opts.batchId, o),
  ] as [BatchItem<'sqlite'>]);
  return o;
}

/** Undo of a STAR company the batch inserted: its stages, the company and its companies row. */
export function deleteStar(db: Db, mComId: number): BatchItem<'sqlite'>[] {
  return [
    db.delete(starmarketStages).where(eq(starmarketStages.mComId, mComId)),
    db.delete(companies).where(inArray(companies.id, db.select({ id: starmarketCompanies.comId }).from(starmarketCompanies).where(eq(starmarketCompanies.mComId, mComId)))),
    db.delete(starmarketCompanies).where(eq(starmarketCompanies.mComId, mComId)),
  ];
}

export function restoreStar(db: Db, mComId: number, before: Record<string, unknown>): BatchItem<'sqlite'>[] {
  return Object.keys(before).length ? [db.update(starmarketCompanies).set(before as Partial<Row>).where(eq(starmarketCompanies.mComId, mComId))] : [];
}

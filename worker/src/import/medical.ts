/**
 * Healthcare financing events in (scope 医疗健康), by their natural key: the company (by its name in
 * the company database, which an event never creates), the date and the round. The amount keeps the
 * file's words as the event's display text (guess_money: '1.2亿人民币', '数千万人民币') and its figure
 * in 万元 (0 when the words give none). Investors found in the firm database are linked; others are
 * kept by name (the product's unstructured investor) unless --create-firms creates them. The
 * company's figures follow: total financing, latest financing date and round, healthcare flag.
 * Triggers keep the healthcare lists, trend chart and firm counts in the same transaction.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { eq, inArray } from 'drizzle-orm';
import { companies, investEventInvestors, investEvents, investFirms, rounds, type searchNames } from '../db';
import type { Db } from '../env';
import { formatWan, UNDISCLOSED } from '#shared/amounts';
import { MEDICAL_FIELDS, type ColumnMap } from './columns';
import { changeRows, countBatch, emptyOutcome, inColumn, insertChunks, readRows, reserveIds, RowError, searchInsert, searchUpserts, slices, type ImportRow, type RowsOptions, type RowsOutcome } from './rows';
import { amountValue, dateValue, listValue, text, type Cell } from './values';

export const MEDICAL_SCOPE = '医疗健康';

type Field = keyof typeof MEDICAL_FIELDS;
type Company = Pick<typeof companies.$inferSelect, 'id' | 'name' | 'totalMoney' | 'lastInvseDate' | 'roundId' | 'isMedical'>;
type Investor = { id: number; name: string; type: (typeof investEventInvestors.$inferSelect)['invstType'] };

interface Values {
  comName: string;
  date: number;
  roundId: number;
  money?: number;
  guessMoney?: string;
  investors?: string[];
}

export async function importMedicalEvents(db: Db, map: ColumnMap, headers: string[], rows: ImportRow[], opts: RowsOptions): Promise<RowsOutcome> {
  const o = emptyOutcome();
  const roundIds = new Map((await db.select({ id: rounds.id, name: rounds.name }).from(rounds)).map((r) => [r.name, r.id]));
  const col = (f: Field) => (f in map.index ? headers[map.index[f]] : MEDICAL_FIELDS[f].label);
  const cell = (row: ImportRow, f: Field): Cell => (f in map.index ? row.values[map.index[f]] : undefined);
  const good = readRows(rows, o, (row): Values => {
    const comName = text(cell(row, 'com_name'));
    if (!comName) throw new RowError(col('com_name'), '公司名称为空');
    const date = inColumn(col('date'), () => dateValue(cell(row, 'date')));
    if (date === null) throw new RowError(col('date'), '融资时间为空');
    const roundName = text(cell(row, 'round'));
    const roundId = roundIds.get(roundName);
    if (roundId === undefined) throw new RowError(col('round'), roundName ? `轮次“${roundName}”不在轮次表中` : '轮次为空');
    const v: Values = { comName, date, roundId };
    // The amount's words are what the page shows; its figure in 万元 comes from its own column or the words.
    const words = text(cell(row, 'guess_money'));
    const figure = cell(row, 'money');
    if (text(figure)) v.money = inColumn(col('money'), () => amountValue(figure)).wan;
    else if (words) v.money = inColumn(col('guess_money'), () => amountValue(words)).wan;
    if (words) v.guessMoney = words;
    else if (v.money !== undefined) v.guessMoney = formatWan(v.money).replace(/元$/, '人民币');
    const investors = listValue(cell(row, 'investors'));
    if (investors.length) v.investors = investors;
    return v;
  });

  // The companies the rows name, and the firms.
  const names = [...new Set(good.map((g) => g.v.comName))];
  const firmNames = [...new Set(good.flatMap((g) => g.v.investors ?? []))];
  const companyReads = slices(names).map((s) => db.select({ id: companies.id, name: companies.name, totalMoney: companies.totalMoney, lastInvseDate: companies.lastInvseDate, roundId: companies.roundId, isMedical: companies.isMedical }).from(companies).where(inArray(companies.name, s)).orderBy(companies.id));
  const firmReads = slices(firmNames).map((s) => db.select({ id: investFirms.id, name: investFirms.name }).from(investFirms).where(inArray(investFirms.name, s)).orderBy(investFirms.id));
  const read = companyReads.length + firmReads.length ? ((await db.batch([...companyReads, ...firmReads] as unknown as [BatchItem<'sqlite'>])) as unknown as unknown[][]) : [];
  const byName = new Map<string, Company>();
  // A name held by several companies: the healthcare one, else the first.
  for (const c of read.slice(0, companyReads.length).flat() as Company[]) if (!byName.has(c.name) || (c.isMedical && !byName.get(c.name)!.isMedical)) byName.set(c.name, c);
  const firms = new Map<string, number>();
  for (const f of read.slice(companyReads.length).flat() as { id: number; name: string }[]) if (!firms.has(f.name)) firms.set(f.name, f.id);

  const matched = good.filter((g) => {
    if (byName.has(g.v.comName)) return true;
    o.rejects.push({ line: g.line, column: col('com_name'), reason: `公司“${g.v.comName}”不在公司库中（融资事件只关联已有的公司）` });
    return false;
  });
  o.rejects.sort((a, b) => a.line - b.line);

  // Stored events of these companies, with their investors.
  const comIds = [...new Set(matched.map((g) => byName.get(g.v.comName)!.id))];
  const eventReads = slices(comIds).map((s) => db.select().from(investEvents).where(inArray(investEvents.comId, s)));
  const events = eventReads.length ? (((await db.batch(eventReads as unknown as [BatchItem<'sqlite'>])) as unknown as (typeof investEvents.$inferSelect)[][]).flat()) : [];
  const keyOf = (comId: number, date: number, roundId: number) => `${comId}:${date}:${roundId}`;
  const stored = new Map(events.map((e) => [keyOf(e.comId, e.date, e.roundId), { ...e, investors: [] as Investor[] }]));
  const existingIds = events.map((e) => e.id);
  const investorReads = slices(existingIds).map((s) => db.select().from(investEventInvestors).where(inArray(investEventInvestors.eventId, s)));
  if (investorReads.length) {
    const byEvent = new Map([...stored.values()].map((e) => [e.id, e]));
    for (const i of ((await db.batch(investorReads as unknown as [BatchItem<'sqlite'>])) as unknown as (typeof investEventInvestors.$inferSelect)[][]).flat())
      byEvent.get(i.eventId)?.investors.push({ id: i.invstId, name: i.invstName, type: i.invstType });
  }

  const missingFirms = firmNames.filter((n) => !firms.has(n));
  const newKeys = new Set(matched.map((g) => keyOf(byName.get(g.v.comName)!.id, g.v.date, g.v.roundId)).filter((k) => !stored.has(k)));
  let eventId = opts.dryRun ? 1 : await reserveIds(db, 'invest_events', 'id', newKeys.size);
  let firmId = opts.dryRun ? 1 : await reserveIds(db, 'invest_firms', 'id', opts.createFirms ? missingFirms.length : 0);
  const { searchNameRow } = await import('../search/keys');
  const newFirms: (typeof investFirms.$inferInsert)[] = [];
  const search: (typeof searchNames.$inferInsert)[] = [];
  const changes: { refKind: 'event' | 'firm' | 'company'; refId: number; action: 'insert' | 'update'; before: string }[] = [];
  for (const name of missingFirms) {
    if (opts.createFirms) {
      firms.set(name, firmId);
      newFirms.push({ id: firmId, name });
      search.push(searchInsert(searchNameRow('investfirm', firmId, name)));
      changes.push({ refKind: 'firm', refId: firmId++, action: 'insert', before: '{}' });
      o.firms_created.push(name);
    } else o.firms_missing.push(name);
  }
  const investorsOf = (names: string[]): Investor[] => names.map((n) => (firms.has(n) ? { id: firms.get(n)!, name: n, type: 'invst' as const } : { id: 0, name: n, type: 'unstruct' as const }));
  const investorKey = (list: Investor[]) => list.map((i) => `${i.id}:${i.name}`).sort().join('\u0001');
  const sameInvestors = (a: Investor[], b: Investor[]) => investorKey(a) === investorKey(b);

  const inserts = { events: [] as (typeof investEvents.$inferInsert)[], investors: [] as (typeof investEventInvestors.$inferInsert)[] };
  const updates: BatchItem<'sqlite'>[] = [];
  const companyBefore = new Map<number, Company>();
  const touch = (c: Company, change: Partial<Company>) => {
    if (!companyBefore.has(c.id)) companyBefore.set(c.id, { ...c });
    Object.assign(c, change);
  };
  for (const { line, v } of matched) {
    const company = byName.get(v.comName)!;
    const key = keyOf(company.id, v.date, v.roundId);
    const old = stored.get(key);
    if (!old) {
      const id = eventId++;
      const money = v.money ?? 0;
      inserts.events.push({ id, comId: company.id, roundId: v.roundId, money, guessMoney: v.guessMoney ?? UNDISCLOSED, date: v.date, scope: MEDICAL_SCOPE });
      const investors = investorsOf(v.investors ?? []);
      inserts.investors.push(...investors.map((i) => ({ eventId: id, invstId: i.id, invstName: i.name, invstType: i.type })));
      const latest = v.date >= company.lastInvseDate;
      touch(company, { totalMoney: company.totalMoney + money, isMedical: 1, ...(latest ? { lastInvseDate: v.date, roundId: v.roundId } : {}) });
      changes.push({ refKind: 'event', refId: id, action: 'insert', before: '{}' });
      stored.set(key, { id, comId: company.id, roundId: v.roundId, money, guessMoney: v.guessMoney ?? UNDISCLOSED, date: v.date, scope: MEDICAL_SCOPE, investors });
      o.imported++;
      o.changes.push({ line, name: v.comName, action: 'insert', fields: [] });
      continue;
    }
    const set: Partial<typeof investEvents.$inferInsert> = {};
    const before: Record<string, unknown> = {};
    const labels: string[] = [];
    if (v.money !== undefined && v.money !== old.money) {
      set.money = v.money;
      before.money = old.money;
      touch(company, { totalMoney: company.totalMoney + v.money - old.money });
    }
    if (v.guessMoney !== undefined && v.guessMoney !== old.guessMoney) {
      set.guessMoney = v.guessMoney;
      before.guessMoney = old.guessMoney;
    }
    if (set.money !== undefined || set.guessMoney !== undefined) labels.push('金额');
    const investors = v.investors ? investorsOf(v.investors) : undefined;
    if (investors && !sameInvestors(investors, old.investors)) {
      before.investors = old.investors;
      labels.push('投资方');
      updates.push(db.delete(investEventInvestors).where(eq(investEventInvestors.eventId, old.id)));
      inserts.investors.push(...investors.map((i) => ({ eventId: old.id, invstId: i.id, invstName: i.name, invstType: i.type })));
    }
    if (!labels.length) {
      o.unchanged++;
      continue;
    }
    if (Object.keys(set).length) updates.push(db.update(investEvents).set(set).where(eq(investEvents.id, old.id)));
    changes.push({ refKind: 'event', refId: old.id, action: 'update', before: JSON.stringify(before) });
    Object.assign(old, set, investors ? { investors } : {});
    o.updated++;
    o.changes.push({ line, name: v.comName, action: 'update', fields: labels });
  }
  if (opts.dryRun) return o;
  for (const [id, was] of companyBefore) {
    const now = [...byName.values()].find((c) => c.id === id)!;
    updates.push(db.update(companies).set({ totalMoney: now.totalMoney, isMedical: now.isMedical, lastInvseDate: now.lastInvseDate, roundId: now.roundId }).where(eq(companies.id, id)));
    changes.push({ refKind: 'company', refId: id, action: 'update', before: JSON.stringify({ totalMoney: was.totalMoney, isMedical: was.isMedical, lastInvseDate: was.lastInvseDate, roundId: was.roundId }) });
  }
  await db.batch([
    ...insertChunks(db, investFirms, newFirms),
    ...insertChunks(db, investEvents, inserts.events),
    ...updates,
    ...insertChunks(db, investEventInvestors, inserts.investors),
    ...searchUpserts(db, search),
    ...changeRows(db, opts.batchId, changes),
    countBatch(db, opts.batchId, o),
  ] as [BatchItem<'sqlite'>]);
  return o;
}

/** Undo of an event the batch inserted. */
export function deleteEvent(db: Db, id: number): BatchItem<'sqlite'>[] {
  return [db.delete(investEventInvestors).where(eq(investEventInvestors.eventId, id)), db.delete(investEvents).where(eq(investEvents.id, id))];
}

/** Undo of an event's or a company's update: the values before the batch (an event's investors too). */
export function restoreEventOrCompany(db: Db, kind: 'event' | 'company', id: number, before: Record<string, unknown>): BatchItem<'sqlite'>[] {
  if (kind === 'company') return [db.update(companies).set(before as Partial<Company>).where(eq(companies.id, id))];
  const { investors, ...fields } = before as { investors?: Investor[] } & Partial<typeof investEvents.$inferInsert>;
  const out: BatchItem<'sqlite'>[] = [];
  if (Object.keys(fields).length) out.push(db.update(investEvents).set(fields).where(eq(investEvents.id, id)));
  if (investors) {
    out.push(db.delete(investEventInvestors).where(eq(investEventInvestors.eventId, id)));
    out.push(...insertChunks(db, investEventInvestors, investors.map((i) => ({ eventId: id, invstId: i.id, invstName: i.name, invstType: i.type }))));
  }
  return out;
}

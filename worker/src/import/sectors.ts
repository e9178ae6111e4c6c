/**
 * The industry taxonomy as every kind's import reads it: a sector by its name, a sub-sector by its
 * name under that sector. Unknown names are the row's error; nothing is ever created.
 */
import { sectors } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { RowError } from './rows';
import { text, type Cell } from './values';

export interface Sectors {
  byName: Map<string, number>;
  /** `${sector id}:${sub-sector name}` -> sub-sector id. */
  subs: Map<string, number>;
}

/** The query (to go into the caller's D1 batch) and what makes its rows the maps. */
export const sectorsQuery = (db: Db) => db.select({ id: sectors.id, parentId: sectors.parentId, name: sectors.name }).from(sectors);

export function sectorMaps(rows: { id: number; parentId: number; name: string }[]): Sectors {
  if (!rows.length) throw new ApiError('CONFLICT', '数据库里没有行业分类（sectors 为空）：请先运行迁移与种子数据（npm start 会自动完成）');
  return {
    byName: new Map(rows.filter((s) => s.parentId === 0).map((s) => [s.name, s.id])),
    subs: new Map(rows.filter((s) => s.parentId !== 0).map((s) => [`${s.parentId}:${s.name}`, s.id])),
  };
}

/** The sector and (when the cell has one) the sub-sector of a row. */
export function sectorOf(s: Sectors, cat: { cell: Cell; column: string }, sub: { cell: Cell; column: string }): { catId: number; seCatId?: number } {
  const catName = text(cat.cell);
  const catId = s.byName.get(catName);
  if (catId === undefined) throw new RowError(cat.column, catName ? `行业“${catName}”不在行业分类中` : '行业为空');
  const subName = text(sub.cell);
  if (!subName) return { catId };
  const seCatId = s.subs.get(`${catId}:${subName}`);
  if (seCatId === undefined) throw new RowError(sub.column, `子行业“${subName}”不是行业“${catName}”下的子行业`);
  return { catId, seCatId };
}

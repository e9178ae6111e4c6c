import { formatPercent } from '../../lib/format';

/**
 * Data rules of the two pie charts of the track/album page (spec §2, §3, §9): the closing-reason
 * chart of a track ('track') and the operating-status chart ('status').
 */
export type PieKind = 'track' | 'status';

export interface PieDatum {
  name: string;
  value: number;
  /** Share of the whole, 2 decimals: '33.33%'. */
  percent: string;
  /** Only for the track chart: the parent reason's children, shown as a numbered list in the tooltip. */
  children: { name: string; value: number }[];
}

/** 20 colours for the closing-reason chart of a track. */
export const TRACK_PALETTE = [
  '#ff6a00', '#3c7eff', '#00b42a', '#f7ba1e', '#722ed1', '#f53f3f', '#14c9c9', '#eb2f96', '#7bc616', '#168cff',
  '#ff9a2e', '#86909c', '#a871e3', '#0fc6c2', '#d25f00', '#5e7ce0', '#c9a100', '#e86452', '#6dc8ec', '#945fb9',
] as const;

/** 3 colours for the operating-status chart. */
export const STATUS_PALETTE = ['#ff6a00', '#3c7eff', '#86909c'] as const;

export const paletteOf = (kind: PieKind): readonly string[] => (kind === 'track' ? TRACK_PALETTE : STATUS_PALETTE);

/** Colour of slice `index` (palettes repeat past their end). */
export const sliceColor = (kind: PieKind, index: number) => {
  const palette = paletteOf(kind);
  return palette[index % palette.length];
};

/** The API's slices with their percent of the sum; children are kept for the track chart only. */
export function toPieData(kind: PieKind, rows: readonly { name: string; value: number; children?: readonly { name: string; value: number }[] }[]): PieDatum[] {
  const sum = rows.reduce((s, r) => s + r.value, 0);
  return rows.map((r) => ({
    name: r.name,
    value: r.value,
    percent: formatPercent(r.value, sum),
    children: kind === 'track' ? (r.children ?? []).map((c) => ({ name: c.name, value: c.value })) : [],
  }));
}

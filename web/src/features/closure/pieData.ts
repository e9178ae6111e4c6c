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
  /** Share of the whole, 0…1. */
  share: number;
  /** Only for the track chart: the parent reason's children, shown as a numbered list in the tooltip. */
  children: { name: string; value: number }[];
}

/** 20 colours for the closing-reason chart of a track. */
export const TRACK_PALETTE = [
  '#ff6a00', '#3c7eff', '#00b42a', '#f7ba1e', '#722ed1', '#f53f3f', '#14c9c9', '#eb2f96', '#7bc616', '#168cff',
  '#ff9a2e', '#86909c', '#a871e3', '#0fc6c2', '#d25f00', '#5e7ce0', '#c9a100', '#e86452', '#6dc8ec', '#945fb9',
] as const;

/**
 * The operating-status chart: one colour per status. The spec's 3-colour palette cannot tell six
 * statuses apart (已关闭 and 吊销 were both orange), so each of the six has its own hue, fixed by name
 * so a status keeps its colour on every track and album; all six carry white percent labels at ≥ 4.5:1
 * (已关闭 orange #c2410c 5.2:1, 停止运营 blue #1864ab 6.1:1, 已注销 violet #5f3dc4 7.1:1, 被收购后关停
 * green #237032 6.1:1, 破产清算 crimson #a61e4d 7.2:1, 吊销 teal #0b7285 5.6:1). A name outside the six
 * takes the grey #5c5f66.
 */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  已关闭: '#c2410c',
  停止运营: '#1864ab',
  已注销: '#5f3dc4',
  被收购后关停: '#237032',
  破产清算: '#a61e4d',
  吊销: '#0b7285',
};
export const STATUS_PALETTE = Object.values(STATUS_COLORS);
export const OTHER_STATUS_COLOR = '#5c5f66';

export const paletteOf = (kind: PieKind): readonly string[] => (kind === 'track' ? TRACK_PALETTE : STATUS_PALETTE);

/** Colour of a slice: a status by its name; a closing reason by its place (the palette repeats past 20). */
export const sliceColor = (kind: PieKind, index: number, name?: string) => {
  if (kind === 'status') return (name !== undefined ? STATUS_COLORS[name] : STATUS_PALETTE[index % STATUS_PALETTE.length]) ?? OTHER_STATUS_COLOR;
  return TRACK_PALETTE[index % TRACK_PALETTE.length];
};

/** A slice holds its percent label from this share of the whole up (about 29°). */
export const LABEL_MIN_SHARE = 0.08;

/** The API's slices with their percent of the sum; children are kept for the track chart only. */
export function toPieData(kind: PieKind, rows: readonly { name: string; value: number; children?: readonly { name: string; value: number }[] }[]): PieDatum[] {
  const sum = rows.reduce((s, r) => s + r.value, 0);
  return rows.map((r) => ({
    name: r.name,
    value: r.value,
    percent: formatPercent(r.value, sum),
    share: sum > 0 ? r.value / sum : 0,
    children: kind === 'track' ? (r.children ?? []).map((c) => ({ name: c.name, value: c.value })) : [],
  }));
}

/** Relative luminance (WCAG) of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The text colour of a label on a slice: white where it reaches 4.5:1, else the dark ink. */
export const labelInk = (fill: string) => (1.05 / (luminance(fill) + 0.05) >= 4.5 ? '#fff' : '#1f2329');

import { createStore } from '../lib/store';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  msg: string;
  tone: ToastTone;
  duration: number;
}

/** The spec's notification durations: 2000 ms for every notice, 5000 ms for the export-generation notice. */
export const TOAST_MS = 2000;
export const TOAST_LONG_MS = 5000;

export const toastStore = createStore<ToastItem[]>([]);

let seq = 0;

/**
 * Shows a notice. Callable from anywhere (handlers, React Query hooks); <Toaster/> renders them.
 * The same text already on screen is not stacked twice (several failed queries often share one message).
 */
export function toast(msg: string, opts: { tone?: ToastTone; duration?: number } = {}): void {
  if (toastStore.get().some((t) => t.msg === msg)) return;
  const item: ToastItem = { id: ++seq, msg, tone: opts.tone ?? 'info', duration: opts.duration ?? TOAST_MS };
  toastStore.set((list) => [...list, item]);
}

/** The 5-second variant (e.g. '文件正在生成，请稍后到个人下载中心下载'). */
toast.long = (msg: string, tone: ToastTone = 'info') => toast(msg, { tone, duration: TOAST_LONG_MS });

export function dismissToast(id: number): void {
  toastStore.set((list) => list.filter((t) => t.id !== id));
}

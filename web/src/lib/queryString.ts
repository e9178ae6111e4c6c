/** A query object for the typed client: keys that may be undefined become optional, values strings. */
export type QueryString<T> = { [K in keyof T as undefined extends T[K] ? never : K]: string } & { [K in keyof T as undefined extends T[K] ? K : never]?: string };

/**
 * The query of a typed GET: numbers become strings, and '' and undefined are left out, which the
 * worker reads as "no filter" (so a default request carries only what was chosen).
 */
export function qs<T extends Record<string, string | number | undefined>>(params: T): QueryString<T> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = String(v);
  return out as QueryString<T>;
}

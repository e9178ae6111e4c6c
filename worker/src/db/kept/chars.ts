/**
 * The per-character name index texts, as SQL over a name expression: its first `n` characters
 * (and, for the gram counts, each character with the next) joined by a separator. Written as a
 * balanced tree of `||` (a flat chain of 64 concatenations nests too deep for SQLite's parser in a
 * trigger). The per-character indexes of migrations 0010, 0021, 0036 and 0046 hold these
 * expressions, and `npm run db:kept -- --check` checks that every one of them is what this file
 * writes.
 */
const tree = (leaf: (i: number) => string, sep: string, n: number): string => {
  const node = (lo: number, hi: number): string => (lo === hi ? leaf(lo) : `(${node(lo, Math.floor((lo + hi - 1) / 2))} || '${sep}' || ${node(Math.floor((lo + hi - 1) / 2) + 1, hi)})`);
  return node(1, n);
};

/** The first `n` characters of the name separated by spaces: each a token of a unicode61 FTS5 table. */
export const spacedChars = (expr: string, n = 64): string => tree((i) => `substr(${expr}, ${i}, 1)`, ' ', n);

/** The JSON array body of the name's 1- and 2-character grams from each of its first `n` characters. */
export const gramList = (expr: string, n = 64): string => tree((i) => `(substr(${expr}, ${i}, 1) || '","' || substr(${expr}, ${i}, 2))`, '","', n);

const count = (text: string, part: string) => text.split(part).length - 1;

/** A 64-character index text a migration holds over a name expression. */
export interface CharText {
  expr: string;
  kind: 'spaced' | 'grams' | 'unknown';
  ok: boolean;
}

/**
 * Every 64-character index text over a name expression a migration holds, and whether each of its
 * occurrences is the one this file writes (a text of neither shape counts as not).
 */
export function charExpressions(sqlText: string): CharText[] {
  const exprs = new Set([...sqlText.matchAll(/substr\(([A-Za-z.`_]+), 64, 1\)/g)].map((m) => m[1]));
  return [...exprs].flatMap((expr): CharText[] => {
    // Each text holds its last character's leaf exactly once.
    const grams = count(sqlText, `substr(${expr}, 64, 2)`);
    const spaced = count(sqlText, `substr(${expr}, 63, 1) || ' ' || substr(${expr}, 64, 1)`);
    if (!grams && !spaced) return [{ expr, kind: 'unknown', ok: false }];
    return [
      ...(grams ? [{ expr, kind: 'grams', ok: count(sqlText, gramList(expr)) === grams } as CharText] : []),
      ...(spaced ? [{ expr, kind: 'spaced', ok: count(sqlText, spacedChars(expr)) === spaced } as CharText] : []),
    ];
  });
}

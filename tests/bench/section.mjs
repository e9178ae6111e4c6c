// A bench prints its figures for a reader, and each table it wants in docs/benchmarks.md once more
// between two marker lines; `npm run bench -- <bench> --write docs/benchmarks.md` (scripts/bench.mjs)
// collects the marked blocks from the output and replaces that section of the file, adding the commit,
// date and machine. Pure (no node: imports): the rows bench runs inside workerd.

export const SECTION_BEGIN = '@@bench-section ';
export const SECTION_END = '@@bench-section-end ';

/**
 * Prints one section: `id` names its place in the file (letters, digits, '-' and ':'), `title` is
 * its heading, `markdown` its body. Several blocks with the same id in one run are joined in order.
 */
export function printSection(id, title, markdown) {
  console.log(`\n${SECTION_BEGIN}${id} ${title}\n${markdown.trim()}\n${SECTION_END}${id}`);
}

/** A markdown table from a header row and body rows (cells are escaped for the pipe). */
export function table(header, rows) {
  const cell = (v) => String(v ?? '').replaceAll('|', '\\|');
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
}

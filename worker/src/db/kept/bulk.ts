/**
 * The bulk path for new closed companies (the import writes thousands per minute): inside the one
 * D1 batch that inserts them, `begin` raises the kept_bulk flag, so the per-row kept, card, case and
 * amount-copy triggers on closures, closure_company_types and closure_investors stand aside; `end`
 * adds what those triggers would have added, set-based over the batch's companies, and lowers the
 * flag. A D1 batch is one transaction and SQLite runs one writer at a time, so no other write ever
 * runs while the flag is up: everything the product writes meanwhile is counted by its triggers.
 *
 * Exact because the deltas count exactly the rows the triggers skipped: `begin` raises the flag only
 * when no link row of the batch's ids exists yet (the ids are fresh, reserved past every company),
 * so every closures / closure_company_types / closure_investors row with one of those ids is one the
 * batch inserted under the flag. If a link row did exist, the flag stays down, the triggers count
 * row by row and the deltas add nothing (each needs the flag); the card, case and amount statements
 * recompute from the rows, so they are right either way.
 *
 * Undoing an import runs the same path backwards (bulkDeleteStatements): with the flag up, each
 * list takes away the recount of the companies' rows while they are still there, then every row of
 * those companies in the three tables is deleted and the firms' cases that named one are recomputed.
 * That is exact whoever wrote the rows: all of them were counted, and all of them go.
 */
import { firmCasesSql } from './closure.ts';
import { KEPT_LISTS } from './index.ts';
import { KEPT_BULK } from './shape.ts';
import { bulkDeltaSql } from './sql.ts';

const FLAG = `\`${KEPT_BULK.table}\``;

/** A closed company's card columns (types, team, tags, investors as JSON) for the company `id`, as the card triggers write them. */
export const cardColumns = (id: string) => [
  `(SELECT coalesce(json_group_array(json_object('id', id, 'p_id', p_id, 'name', name)), '[]') FROM (SELECT t.\`id\` AS id, t.\`p_id\` AS p_id, t.\`name\` AS name FROM \`closure_company_types\` l JOIN \`closure_types\` t ON t.\`id\` = l.\`type_id\` WHERE l.\`com_id\` = ${id} ORDER BY t.\`p_id\`, t.\`sort\`, t.\`id\`))`,
  `(SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'position', position)), '[]') FROM (SELECT \`id\` AS id, \`name\` AS name, \`position\` AS position FROM \`closure_teams\` WHERE \`com_id\` = ${id} ORDER BY \`id\`))`,
  `(SELECT coalesce(json_group_array(json_object('tag_id', tag_id, 'tag_name', tag_name)), '[]') FROM (SELECT \`tag_id\` AS tag_id, \`tag_name\` AS tag_name FROM \`closure_company_tags\` WHERE \`com_id\` = ${id} ORDER BY \`tag_id\`))`,
  `(SELECT coalesce(json_group_array(json_object('invst_id', invst_id, 'invst_name', invst_name)), '[]') FROM (SELECT \`invst_id\` AS invst_id, \`invst_name\` AS invst_name FROM \`closure_investors\` WHERE \`com_id\` = ${id} ORDER BY \`invst_id\`))`,
];

/** The cards of the companies `ids` that have a reason or an investor. */
const cardSql = (ids: string) => `INSERT INTO \`closure_cards\` (\`com_id\`, \`types\`, \`team\`, \`tags\`, \`investors\`)
  SELECT c.com_id, ${cardColumns('c.com_id').join(', ')}
  FROM (SELECT \`com_id\` FROM \`closure_company_types\` WHERE \`com_id\` IN (${ids}) UNION SELECT \`com_id\` FROM \`closure_investors\` WHERE \`com_id\` IN (${ids})) c WHERE true
  ON CONFLICT (\`com_id\`) DO UPDATE SET \`types\` = excluded.\`types\`, \`team\` = excluded.\`team\`, \`tags\` = excluded.\`tags\`, \`investors\` = excluded.\`investors\``;

export interface BulkStatements {
  /** Before the inserts: raises the flag unless a link row of the ids already exists. */
  begin: string;
  /** After the inserts: the deltas, the cards, the firms' cases, the amounts, then the flag lowered. */
  end: string[];
}

/** The statements around the insert of new closed companies `ids` (fresh ids, none stored yet). */
export function bulkStatements(ids: readonly number[]): BulkStatements {
  if (!ids.length || !ids.every(Number.isSafeInteger)) throw new Error('bulk ids must be integers, at least one');
  const list = ids.join(', ');
  return {
    begin: `INSERT INTO ${FLAG} (\`id\`) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM \`closure_company_types\` WHERE \`com_id\` IN (${list})) AND NOT EXISTS (SELECT 1 FROM \`closure_investors\` WHERE \`com_id\` IN (${list}))`,
    end: [
      // closure_investors carries its company's amount (the amount-copy triggers stood aside).
      `UPDATE \`closure_investors\` SET \`total_money\` = coalesce((SELECT c.\`total_money\` FROM \`closures\` c WHERE c.\`com_id\` = \`closure_investors\`.\`com_id\`), 0) WHERE \`com_id\` IN (${list})`,
      ...KEPT_LISTS.flatMap((l) => bulkDeltaSql(l, ids)),
      cardSql(list),
      firmCasesSql(`\`invst_id\` IN (SELECT \`invst_id\` FROM \`closure_investors\` WHERE \`com_id\` IN (${list}))`),
      `DELETE FROM ${FLAG}`,
    ],
  };
}

/**
 * Deletes every row of the companies `ids` from the bulk path's tables (closures and their reasons
 * and investors), taking their counts away set-based instead of row by row. Their cards go with the
 * closures rows (a trigger that does not stand aside); the cases of the firms that showed one of
 * them are recomputed from what is left.
 */
export function bulkDeleteStatements(ids: readonly number[]): string[] {
  if (!ids.length || !ids.every(Number.isSafeInteger)) throw new Error('bulk ids must be integers, at least one');
  const list = ids.join(', ');
  const gone = (t: string) => `DELETE FROM \`${t}\` WHERE \`${KEPT_BULK.id}\` IN (${list})`;
  const [company, ...links] = KEPT_BULK.sources;
  return [
    `INSERT INTO ${FLAG} (\`id\`) VALUES (1)`,
    ...KEPT_LISTS.flatMap((l) => bulkDeltaSql(l, ids, -1)),
    // The links, then the closures rows.
    ...links.map(gone),
    gone(company),
    firmCasesSql(`EXISTS (SELECT 1 FROM json_each(\`closure_firm_stats\`.\`cases\`) WHERE json_extract(value, '$.com_id') IN (${list}))`),
    `DELETE FROM ${FLAG}`,
  ];
}

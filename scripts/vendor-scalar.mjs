// The API reference page (/api/docs) renders with Scalar's standalone bundle, kept in the repository
// under web/public/vendor/scalar/: the page works offline and loads nothing from a CDN, and installing
// the product pulls in no renderer package (@scalar/api-reference brings close to 300 packages for
// this one file). This script replaces the vendored file with the one of a published version:
//
//   node scripts/vendor-scalar.mjs [version]     (default: the version named below)
//
// npm downloads the package's tarball; dist/browser/standalone.js is copied with a banner naming the
// package, version and licence, and without its source-map comment (the map is not vendored).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './stack.mjs';

const PACKAGE = '@scalar/api-reference';
const version = process.argv[2] ?? '1.76.0';
const target = path.join(ROOT, 'web/public/vendor/scalar/standalone.js');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'scalar-'));
try {
  const pack = spawnSync('npm', ['pack', `${PACKAGE}@${version}`, '--pack-destination', tmp, '--json'], { encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack ${PACKAGE}@${version} failed:\n${pack.stderr}`);
  const [{ filename }] = JSON.parse(pack.stdout);
  const untar = spawnSync('tar', ['-xzf', path.join(tmp, path.basename(filename)), '-C', tmp, 'package/package.json', 'package/dist/browser/standalone.js'], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar failed:\n${untar.stderr}`);
  const meta = JSON.parse(readFileSync(path.join(tmp, 'package/package.json'), 'utf8'));
  const code = readFileSync(path.join(tmp, 'package/dist/browser/standalone.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  writeFileSync(target, `/*! ${meta.name} ${meta.version} | ${meta.license} | dist/browser/standalone.js, vendored by scripts/vendor-scalar.mjs */\n${code}`);
  console.log(`${path.relative(ROOT, target)}: ${meta.name} ${meta.version} (${Math.round(code.length / 1024)} KiB)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

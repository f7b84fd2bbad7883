// `npm test`: type check, lint, unit and integration tests (Vitest), then the browser tests
// (Playwright on Debian's Chromium). Every step runs; the last line sums them up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
mkdirSync('test-results', { recursive: true });

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const steps = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${path.basename(command)} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

if (!run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])) failed++;
if (!run('lint', bin('biome'), ['check', '.'])) failed++;

const vitestOk = run('unit+integration', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  if (!vitestOk && vitest.numFailedTests === 0) failed++;
} else if (!vitestOk) failed++;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const banner = '!'.repeat(78);
  console.log(`\n${banner}\n!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.`);
  console.log('!! Install it (apt-get install chromium) or set CHROMIUM_PATH to run them.');
  console.log(`${banner}`);
  if (process.env.CI === 'true') {
    console.log('CI=true: a missing browser is a failure.');
    failed++;
    steps.push({ name: 'browser', ok: false, seconds: '0.0' });
  } else {
    steps.push({ name: 'browser (SKIPPED: no Chromium)', ok: true, seconds: '0.0' });
  }
} else if (
  run('build client', process.execPath, [
    'node_modules/vite/bin/vite.js',
    'build',
    '--logLevel',
    'warn',
  ])
) {
  const e2eOk = run('browser', bin('playwright'), ['test']);
  const report = readJson('test-results/playwright.json');
  if (report?.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    if (!e2eOk && report.stats.unexpected === 0) failed++;
  } else if (!e2eOk) failed++;
} else failed++;

console.log('\n=== Summary');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds}s)`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

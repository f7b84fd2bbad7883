// `npm run bench [-- section ...]`: runs the benchmarks, each against a baseline measured in the
// same run on this machine, and writes docs/performance.md from their results. Never part of
// `npm test`. Sections (default: all, in this order):
//   read    signed-in Global feed vs a bare Fastify ceiling (bench/read.mjs)
//   growth  feed queries at 10,000 vs 1,000,000 puns, with query plans (bench/growth.ts)
//   writes  submit and react under 100 concurrent players, then a recount (bench/writes.ts)
//   fanout  10,000 live-event clients on one server, then on two (bench/fanout.mjs)
//   client  log-in route JavaScript, Lighthouse and LCP/CLS in Chromium (bench/client.mjs)
// A section's result stays in docs/bench-results/<section>.json, so one section can be rerun and
// the report rewritten with the others' last results (each shows when it was measured).
// Environment: BENCH_DURATION (seconds per load run), BENCH_DATABASE_URL or TEST_DATABASE_URL
// (a PostgreSQL server for the PostgreSQL runs), CHROMIUM_PATH.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReport } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const SECTIONS = {
  read: ['bench/read.mjs'],
  growth: ['--import', 'tsx', 'bench/growth.ts'],
  writes: ['--import', 'tsx', 'bench/writes.ts'],
  fanout: ['bench/fanout.mjs'],
  client: ['bench/client.mjs'],
};

const asked = process.argv.slice(2);
const unknown = asked.filter((s) => !(s in SECTIONS));
if (unknown.length) {
  console.error(
    `Unknown section ${unknown.join(', ')}. Sections: ${Object.keys(SECTIONS).join(', ')}`,
  );
  process.exit(2);
}
const sections = asked.length ? asked : Object.keys(SECTIONS);
const failed = [];
for (const section of sections) {
  console.log(`\n=== ${section} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, SECTIONS[section], { stdio: 'inherit' });
  // A section killed from outside (the out-of-memory killer, a timeout) prints nothing itself.
  if (result.error) console.log(`${section} could not run: ${result.error.message}`);
  else if (result.signal) console.log(`${section} was killed by ${result.signal}`);
  else if (result.status !== 0) console.log(`${section} exited with status ${result.status}`);
  console.log(`(${section}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (result.status !== 0) failed.push(section);
}
writeReport();
console.log('\nWrote docs/performance.md');
if (failed.length) {
  console.log(`Missed a target or failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}

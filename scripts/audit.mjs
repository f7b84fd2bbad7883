// `npm run audit`: fails on a high or critical advisory in the packages Punday ships
// (`npm audit --omit=dev`). When the registry's advisory service cannot be reached (some
// mirrors and sandboxes answer 405), it says so and exits 3, never a silent pass.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
if (!report?.metadata?.vulnerabilities) {
  const reason = (report?.error?.summary ?? run.stderr ?? '').trim().split('\n')[0];
  console.error(`npm audit could not reach the advisory service: ${reason || 'no answer'}`);
  console.error(
    'Nothing was checked. Run it again where the npm registry advisory API is reachable.',
  );
  process.exit(3);
}
const v = report.metadata.vulnerabilities;
console.log(
  `Advisories in shipped packages: ${v.critical} critical, ${v.high} high, ${v.moderate} moderate, ${v.low} low.`,
);
for (const [name, item] of Object.entries(report.vulnerabilities ?? {}))
  console.log(
    `  ${item.severity.padEnd(8)} ${name} ${item.range}${item.fixAvailable ? ' (fix available)' : ''}`,
  );
process.exit(v.critical + v.high > 0 ? 1 : 0);

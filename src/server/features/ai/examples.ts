// Prints puns the offline generator makes for challenges spread over the catalog, one per line:
//   npx tsx src/server/features/ai/examples.ts [count=10] [first day=2026-12-01]
// The challenges are picked by a fixed stride, not by hand, so the sample is an honest one.
import { CATEGORIES, OUTPUTS } from '#server/features/challenge/catalog';
import { addDays } from '#shared/la-day';
import { offlinePun } from './offline.ts';

const count = Number(process.argv[2] ?? 10);
const firstDay = process.argv[3] ?? '2026-12-01';
for (let i = 0; i < count; i++) {
  const category = CATEGORIES[(i * 9) % CATEGORIES.length] ?? 'Food';
  const output = OUTPUTS[(i * 7) % OUTPUTS.length] ?? 'Restaurant Name';
  const day = addDays(firstDay, i);
  const started = performance.now();
  const pun = await offlinePun({ category, output, day });
  const ms = (performance.now() - started).toFixed(1);
  console.log(`${day}  ${category} + ${output}: ${pun}   (${ms} ms)`);
}

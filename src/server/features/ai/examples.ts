// Prints puns the offline generator makes: npx tsx src/server/features/ai/examples.ts [count]

import { CATEGORIES, OUTPUTS } from '#server/features/challenge/catalog';
import { addDays } from '#shared/la-day';
import { offlinePun } from './offline.ts';

const count = Number(process.argv[2] ?? 10);
for (let i = 0; i < count; i++) {
  const category = CATEGORIES[(i * 7) % CATEGORIES.length] ?? 'Food';
  const output = OUTPUTS[(i * 5) % OUTPUTS.length] ?? 'Restaurant Name';
  const day = addDays('2026-12-01', i);
  console.log(`${category} + ${output}: ${await offlinePun({ category, output, day })}`);
}

// `npm run challenge -- <command>`: the operator's view of daily challenges.
//   set  --day YYYY-MM-DD --category NAME --output NAME   set or replace a day's challenge
//   show [--day YYYY-MM-DD]                                one day (default: today in Los Angeles)
//   list [--limit N]                                       the latest days
// Run by the server itself while it holds the embedded database, so its players hear of a change
// at once (as they do on PostgreSQL).
import { parseArgs } from 'node:util';
import { AppError } from '#server/errors';
import { CATEGORIES, OUTPUTS } from '#server/features/challenge/catalog';
import { getChallenge, listChallenges, setChallenge } from '#server/features/challenge/service';
import { laDayOf } from '#shared/la-day';
import type { CommandIo, OperatorCommand } from './command.ts';

const usage = `Usage:
  npm run challenge -- set --day YYYY-MM-DD --category NAME --output NAME
  npm run challenge -- show [--day YYYY-MM-DD]
  npm run challenge -- list [--limit N]

Categories shipped: ${CATEGORIES.join(', ')}
Outputs shipped: ${OUTPUTS.join(', ')}
(Any other category or output works too.)`;

interface Parsed {
  command: 'set' | 'show' | 'list';
  values: { day?: string; category?: string; output?: string; limit?: string };
}

function parse(argv: string[], io: CommandIo): Parsed | number {
  const [command, ...rest] = argv;
  let values: Parsed['values'];
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        day: { type: 'string' },
        category: { type: 'string' },
        output: { type: 'string' },
        limit: { type: 'string' },
      },
    }));
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${usage}`);
    return 2;
  }
  if (command !== 'set' && command !== 'show' && command !== 'list') {
    io.err(usage);
    return 2;
  }
  if (command === 'set' && (!values.day || !values.category || !values.output)) {
    io.err(`set needs --day, --category and --output.\n\n${usage}`);
    return 2;
  }
  return { command, values };
}

function format(row: {
  day: string;
  category: string;
  output: string;
  aiStatus: string;
  aiPun: string | null;
  source: string;
}) {
  const example = row.aiStatus === 'success' ? `"${row.aiPun}"` : `(${row.aiStatus})`;
  return `${row.day}  ${row.category} + ${row.output}  [${row.source}]  AI example: ${example}`;
}

export const challengeCommand: OperatorCommand = {
  prepare(argv, io) {
    const parsed = parse(argv, io);
    return typeof parsed === 'number' ? parsed : argv;
  },
  async run(argv, ctx) {
    const parsed = parse(argv, ctx.io);
    if (typeof parsed === 'number') return parsed;
    const { command, values } = parsed;
    const { db } = ctx.database;
    try {
      if (command === 'set') {
        const row = await setChallenge(
          { db, clock: ctx.clock, generator: ctx.generator, logger: ctx.logger },
          { day: values.day ?? '', category: values.category ?? '', output: values.output ?? '' },
          { waitForAi: true },
        );
        ctx.io.out(`Saved: ${format(row)}`);
      } else if (command === 'show') {
        const day = values.day ?? laDayOf(ctx.clock.now());
        const row = await getChallenge(db, day);
        ctx.io.out(row ? format(row) : `No challenge for ${day} yet.`);
        if (!row) return 1;
      } else {
        const limit = Math.min(365, Math.max(1, Number(values.limit ?? 14) || 14));
        const rows = await listChallenges(db, limit);
        ctx.io.out(rows.length ? rows.map(format).join('\n') : 'No challenges yet.');
      }
      return 0;
    } catch (err) {
      if (err instanceof AppError) {
        ctx.io.err(err.message);
        return 2;
      }
      throw err;
    }
  },
};

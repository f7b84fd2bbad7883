// `npm run challenge -- <command>`: the operator's view of daily challenges, on PGlite (DATA_DIR)
// or PostgreSQL (DATABASE_URL). With PostgreSQL the running servers hear of a change at once.
//   set  --day YYYY-MM-DD --category NAME --output NAME   set or replace a day's challenge
//   show [--day YYYY-MM-DD]                                one day (default: today in Los Angeles)
//   list [--limit N]                                       the latest days
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { systemClock } from '#server/clock';
import { ConfigError, loadConfig } from '#server/config';
import { openDatabase } from '#server/db/connect';
import { acquireDataDirLock } from '#server/db/data-dir-lock';
import { AppError } from '#server/errors';
import { createPunGenerator } from '#server/features/ai/generator';
import { CATEGORIES, OUTPUTS } from '#server/features/challenge/catalog';
import { getChallenge, listChallenges, setChallenge } from '#server/features/challenge/service';
import { laDayOf } from '#shared/la-day';

const usage = `Usage:
  npm run challenge -- set --day YYYY-MM-DD --category NAME --output NAME
  npm run challenge -- show [--day YYYY-MM-DD]
  npm run challenge -- list [--limit N]

Categories shipped: ${CATEGORIES.join(', ')}
Outputs shipped: ${OUTPUTS.join(', ')}
(Any other category or output works too.)`;

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

export async function runChallengeCli(argv: string[], env = process.env): Promise<number> {
  const [command, ...rest] = argv;
  let values: { day?: string; category?: string; output?: string; limit?: string };
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
    console.error(`${(err as Error).message}\n\n${usage}`);
    return 2;
  }
  if (!command || !['set', 'show', 'list'].includes(command)) {
    console.error(usage);
    return 2;
  }
  if (command === 'set' && (!values.day || !values.category || !values.output)) {
    console.error(`set needs --day, --category and --output.\n\n${usage}`);
    return 2;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = await acquireDataDirLock(config.dataDir);
    } catch (err) {
      console.error(
        `${(err as Error).message}\nThe embedded database can be changed only while the server is stopped.`,
      );
      return 1;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  const logger = pino({ level: 'warn' });
  try {
    if (command === 'set') {
      const row = await setChallenge(
        { db: database.db, clock: systemClock, generator: createPunGenerator(config.ai), logger },
        { day: values.day ?? '', category: values.category ?? '', output: values.output ?? '' },
        { waitForAi: true },
      );
      console.log(`Saved: ${format(row)}`);
    } else if (command === 'show') {
      const day = values.day ?? laDayOf(Date.now());
      const row = await getChallenge(database.db, day);
      console.log(row ? format(row) : `No challenge for ${day} yet.`);
      if (!row) return 1;
    } else {
      const limit = Math.min(365, Math.max(1, Number(values.limit ?? 14) || 14));
      const rows = await listChallenges(database.db, limit);
      console.log(rows.length ? rows.map(format).join('\n') : 'No challenges yet.');
    }
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  } finally {
    await database.close();
    release();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  process.exitCode = await runChallengeCli(process.argv.slice(2));
}

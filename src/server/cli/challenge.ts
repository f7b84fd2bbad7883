// `npm run challenge -- <command>`: the operator's view of daily challenges, on PGlite (DATA_DIR)
// or PostgreSQL (DATABASE_URL). With a server running on the embedded database the server runs
// the command itself (over its operator socket), so it works without stopping it.
//   set  --day YYYY-MM-DD --category NAME --output NAME   set or replace a day's challenge
//   show [--day YYYY-MM-DD]                                one day (default: today in Los Angeles)
//   list [--limit N]                                       the latest days
import { isMain, type RunOptions, runOperatorCli } from './operator.ts';

export function runChallengeCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: RunOptions = {},
): Promise<number> {
  return runOperatorCli('challenge', argv, env, options);
}

if (isMain(import.meta.filename)) {
  process.exitCode = await runChallengeCli(process.argv.slice(2));
}

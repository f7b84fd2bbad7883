// `npm run moderate -- <command>`: review reported puns and ban players (issue 8), on PGlite
// (DATA_DIR) or PostgreSQL (DATABASE_URL). With a server running on the embedded database the
// server runs the command itself (over its operator socket), so it works without stopping it.
//   list [--all] [--limit N] | hide <punId> | restore <punId> | ban <userId>
// The commands themselves are in moderate-command.ts (runModerate).
import { isMain, type RunOptions, runOperatorCli } from './operator.ts';

export function runModerateCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: RunOptions = {},
): Promise<number> {
  return runOperatorCli('moderate', argv, env, options);
}

if (isMain(import.meta.filename)) {
  process.exitCode = await runModerateCli(process.argv.slice(2));
}

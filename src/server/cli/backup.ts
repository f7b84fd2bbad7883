// `npm run backup -- [file.tar.gz] [--force]`: a consistent snapshot of the embedded database,
// taken by the running server if there is one (see operator.ts), or directly if not. On
// PostgreSQL it prints the pg_dump recipe instead.
import { isMain, type RunOptions, runOperatorCli } from './operator.ts';

export function runBackupCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: RunOptions = {},
): Promise<number> {
  return runOperatorCli('backup', argv, env, options);
}

if (isMain(import.meta.filename)) {
  process.exitCode = await runBackupCli(process.argv.slice(2));
}

// The one runner behind the operator CLIs (npm run backup, challenge, moderate). It decides where
// the command runs:
//   DATABASE_URL set                      -> here, on PostgreSQL
//   embedded database, no server running  -> here: take the data-folder lock, open PGlite
//   embedded database, a server holds it  -> in that server, over its operator socket
// PGlite is one process's database, so the third case is what lets operators work while players
// play.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { systemClock } from '#server/clock';
import { type Config, ConfigError, loadConfig } from '#server/config';
import { type Database, openDatabase } from '#server/db/connect';
import { acquireDataDirLock, dataDirLockHolder } from '#server/db/data-dir-lock';
import { createPunGenerator } from '#server/features/ai/generator';
import { type CommandIo, consoleIo, type OperatorCommand } from '#server/operator/command';
import { operatorCommands } from '#server/operator/commands';
import {
  operatorSocketAddress,
  operatorSocketPath,
  sendOperatorRequest,
  socketPathTooLong,
} from '#server/operator/protocol';

export interface RunOptions {
  io?: CommandIo;
  /** Where relative file names are resolved: the operator's folder (npm sets INIT_CWD to it). */
  cwd?: string;
}

export function loadCliConfig(env: NodeJS.ProcessEnv, io: CommandIo): Config | number {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 2;
    }
    throw err;
  }
}

export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

async function runHere(
  command: OperatorCommand,
  argv: string[],
  config: Config,
  database: Database,
  io: CommandIo,
): Promise<number> {
  return command.run(argv, {
    database,
    config,
    io,
    runner: 'direct',
    clock: systemClock,
    generator: createPunGenerator(config.ai),
    logger: pino({ level: 'warn' }),
  });
}

async function runInServer(
  name: string,
  argv: string[],
  config: Config,
  pid: number,
  io: CommandIo,
): Promise<number> {
  const address = operatorSocketAddress(config.dataDir);
  const stopFirst = 'Stop it to run the command directly';
  if (!address) {
    io.err(
      `A Punday server (pid ${pid}) is using ${config.dataDir}, and it cannot take operator commands: ` +
        `${socketPathTooLong(config.dataDir)}\n${stopFirst}, or move DATA_DIR to a shorter path.`,
    );
    return 1;
  }
  let response: Awaited<ReturnType<typeof sendOperatorRequest>>;
  try {
    response = await sendOperatorRequest(address, { command: name, argv });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' || code === 'ECONNREFUSED'
        ? `nothing answers on its operator socket ${operatorSocketPath(config.dataDir)}`
        : `its operator socket failed: ${(err as Error).message}`;
    io.err(
      `A Punday server (pid ${pid}) is using ${config.dataDir}, but ${why}. ` +
        `It may still be starting (try again in a moment), or be an older version. ${stopFirst}.`,
    );
    return 1;
  }
  for (const chunk of response.output) (chunk.stream === 'out' ? io.out : io.err)(chunk.text);
  return response.code;
}

export async function runOperatorCli(
  name: string,
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: RunOptions = {},
): Promise<number> {
  const io = options.io ?? consoleIo;
  const command = operatorCommands[name];
  if (!command) throw new Error(`unknown operator command ${name}`);
  let args = argv;
  if (command.prepare) {
    const prepared = command.prepare(argv, io, options.cwd ?? env.INIT_CWD ?? process.cwd());
    if (typeof prepared === 'number') return prepared;
    args = prepared;
  }
  const config = loadCliConfig(env, io);
  if (typeof config === 'number') return config;

  if (config.databaseUrl) {
    if (command.onPostgres) return command.onPostgres(io);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    try {
      return await runHere(command, args, config, database, io);
    } finally {
      await database.close();
    }
  }

  if (
    command.needsExistingData &&
    !existsSync(path.join(pgliteFolder(config.dataDir), 'PG_VERSION'))
  ) {
    io.err(`There is no Punday database in ${config.dataDir} (DATA_DIR) yet: nothing to do.`);
    return 1;
  }
  let release: () => void;
  try {
    release = await acquireDataDirLock(config.dataDir);
  } catch (err) {
    const pid = dataDirLockHolder(config.dataDir);
    if (pid === null) throw err;
    return runInServer(name, args, config, pid, io);
  }
  try {
    const database = await openDatabase({
      dataDir: pgliteFolder(config.dataDir),
      migrate: command.migrate ?? true,
    });
    try {
      return await runHere(command, args, config, database, io);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/** For the CLI entry files: run when the file is the process's main module. */
export function isMain(moduleUrlPath: string | undefined): boolean {
  return Boolean(
    process.argv[1] &&
      moduleUrlPath &&
      path.resolve(process.argv[1]) === path.resolve(moduleUrlPath),
  );
}

// What an operator command is: it runs against an open database, either in the CLI's own process
// (PostgreSQL, or the embedded database while no server holds it) or inside the running server,
// which gets it over the operator socket. Output goes through `io` either way.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Database } from '#server/db/connect';
import type { PunGenerator } from '#server/features/ai/generator';
import type { OutputChunk } from './protocol.ts';

export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
}

export interface CommandContext {
  database: Database;
  config: Config;
  io: CommandIo;
  /** 'server': the running server runs it on its own database, between its own requests. */
  runner: 'direct' | 'server';
  clock: Clock;
  generator: PunGenerator;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface OperatorCommand {
  /**
   * In the CLI, before any database is opened: checks the arguments and resolves paths against
   * the operator's directory. Returns the arguments to run with, or an exit code.
   */
  prepare?(argv: string[], io: CommandIo, cwd: string): string[] | number;
  run(argv: string[], ctx: CommandContext): Promise<number>;
  /** Commands that do not apply to PostgreSQL print what to do instead and return the exit code. */
  onPostgres?(io: CommandIo): number;
  /** Only for an embedded database that exists already (a backup of nothing is a mistake). */
  needsExistingData?: boolean;
  /** Migrate the database when the CLI opens it itself (default true). */
  migrate?: boolean;
}

/** An io that keeps the output, in order, for the operator socket's answer. */
export function bufferedIo(): CommandIo & { output: OutputChunk[] } {
  const output: OutputChunk[] = [];
  return {
    output,
    out: (text) => void output.push({ stream: 'out', text }),
    err: (text) => void output.push({ stream: 'err', text }),
  };
}

export const consoleIo: CommandIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
};

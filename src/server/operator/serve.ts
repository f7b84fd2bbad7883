// The running server's side of an operator command: run it on the server's own database and send
// back its output and exit code.
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Database } from '#server/db/connect';
import type { PunGenerator } from '#server/features/ai/generator';
import { bufferedIo, type CommandContext } from './command.ts';
import { operatorCommands } from './commands.ts';
import type { OperatorRequest, OperatorResponse } from './protocol.ts';

export function operatorHandler(base: {
  database: Database;
  config: Config;
  clock: Clock;
  generator: PunGenerator;
  logger: CommandContext['logger'];
}): (request: OperatorRequest) => Promise<OperatorResponse> {
  return async ({ command: name, argv }) => {
    const io = bufferedIo();
    const command = Object.hasOwn(operatorCommands, name) ? operatorCommands[name] : undefined;
    if (!command) {
      io.err(
        `This server does not know the operator command "${name}". ` +
          `It knows: ${Object.keys(operatorCommands).join(', ')}. Is it an older version?`,
      );
      return { code: 2, output: io.output };
    }
    try {
      const code = await command.run(argv, { ...base, io, runner: 'server' });
      return { code, output: io.output };
    } catch (err) {
      base.logger.error({ err }, `operator command ${name} failed`);
      io.err(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      return { code: 1, output: io.output };
    }
  };
}

// Every operator command, by name: the CLI runner (src/server/cli/operator.ts) and the server's
// operator socket (main.ts) both look commands up here.
import { backupCommand } from './backup-command.ts';
import { challengeCommand } from './challenge-command.ts';
import type { OperatorCommand } from './command.ts';
import { moderateCommand } from './moderate-command.ts';

export const operatorCommands: Record<string, OperatorCommand> = {
  backup: backupCommand,
  challenge: challengeCommand,
  moderate: moderateCommand,
};

// `npm run moderate` as an operator command: the arguments are checked in the CLI before any
// database is opened; the work is runModerate, in the CLI's process or in the running server.
import { moderateUsage, parseModerateArgs, runModerate } from '#server/cli/moderate-command';
import type { OperatorCommand } from './command.ts';

export const moderateCommand: OperatorCommand = {
  prepare(argv, io) {
    const parsed = parseModerateArgs(argv);
    if ('error' in parsed) {
      io.err(parsed.error);
      return 2;
    }
    if (parsed.command === 'help') {
      io.out(moderateUsage);
      return 0;
    }
    return argv;
  },
  run: (argv, ctx) => runModerate(argv, ctx.database.db, ctx.io.out, ctx.io.err),
};

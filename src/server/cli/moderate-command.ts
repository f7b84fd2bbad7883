// `npm run moderate -- <command>` (issue 8): the operator's review of reported puns.
//   list [--all] [--limit N]   hidden puns pending review (--all: also reported puns still shown)
//   hide <punId>               hide a pun from every shared list (its author still sees it)
//   restore <punId>            show it again; further reports no longer hide it
//   ban <userId>               no more log-ins, every session ends, every pun hidden
// runModerate only needs an open database and somewhere to print, so the CLI (moderate.ts, through
// the operator runner) and the running server (its operator socket) run the same code.
import { parseArgs } from 'node:util';
import type { Db } from '#server/db/connect';
import {
  banPlayer,
  hidePun,
  listForReview,
  type ReviewItem,
  restorePun,
} from '#server/features/moderation/review';
import { REPORT_REASON_LABELS } from '#shared/moderation';

export const moderateUsage = `Usage:
  npm run moderate -- list [--all] [--limit N]   puns hidden by reports, pending review
                                                 (--all: also reported puns still shown)
  npm run moderate -- hide <punId>               hide a pun from every shared feed
  npm run moderate -- restore <punId>            show it again; further reports will not hide it
  npm run moderate -- ban <userId>               ban a player: no log-in, sessions end, puns hidden`;

type Parsed =
  | { command: 'help' }
  | { command: 'list'; all: boolean; limit: number }
  | { command: 'hide' | 'restore' | 'ban'; id: string };

/** The arguments, or the message that explains what is wrong with them. */
export function parseModerateArgs(argv: string[]): Parsed | { error: string } {
  const [command, ...rest] = argv;
  if (command === undefined) return { error: moderateUsage };
  if (command === 'help' || command === '--help' || command === '-h') return { command: 'help' };
  if (command === 'list') {
    let values: { all?: boolean; limit?: string };
    try {
      ({ values } = parseArgs({
        args: rest,
        options: { all: { type: 'boolean' }, limit: { type: 'string' } },
      }));
    } catch (err) {
      return { error: `${(err as Error).message}\n\n${moderateUsage}` };
    }
    const limit = values.limit === undefined ? 100 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      return { error: `--limit must be a whole number from 1 to 1000.\n\n${moderateUsage}` };
    }
    return { command: 'list', all: values.all ?? false, limit };
  }
  if (command === 'hide' || command === 'restore' || command === 'ban') {
    const what = command === 'ban' ? '<userId>' : '<punId>';
    if (rest.length !== 1 || !rest[0] || rest[0].startsWith('-')) {
      return { error: `${command} needs exactly one ${what}.\n\n${moderateUsage}` };
    }
    return { command, id: rest[0].trim() };
  }
  return { error: `Unknown command "${command}".\n\n${moderateUsage}` };
}

// Pun texts, names and notes come from players: no control characters reach the terminal.
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const plain = (text: string) => text.replace(CONTROL, (c) => (c === '\n' ? ' / ' : '?'));

const time = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function describe(item: ReviewItem): string[] {
  const state =
    item.moderation === 'hidden'
      ? `HIDDEN${item.moderatedAt ? ` since ${time(item.moderatedAt)}` : ''}`
      : item.moderation === 'restored'
        ? 'restored (stays visible)'
        : 'visible';
  const lines = [
    `${item.punId}  ${item.day}  ${state}  reports: ${item.reportCount}`,
    `  by ${plain(item.authorName)} (${item.authorId})`,
    `  "${plain(item.text)}"`,
  ];
  for (const report of item.reports) {
    const note = report.note ? `: "${plain(report.note)}"` : '';
    lines.push(
      `  - ${report.reason} (${REPORT_REASON_LABELS[report.reason]}) from ${plain(report.reporterName)}, ${time(report.createdAt)}${note}`,
    );
  }
  if (item.reports.length === 0) lines.push('  (no reports: hidden by an operator)');
  return lines;
}

/**
 * Runs one moderation command against an open database. Returns the exit code: 0 done,
 * 1 nothing found with that id, 2 bad arguments (after printing the usage to `err`).
 */
export async function runModerate(
  argv: string[],
  db: Db,
  out: (line: string) => void,
  err: (line: string) => void = out,
): Promise<number> {
  const parsed = parseModerateArgs(argv);
  if ('error' in parsed) {
    err(parsed.error);
    return 2;
  }
  switch (parsed.command) {
    case 'help':
      out(moderateUsage);
      return 0;
    case 'list': {
      const items = await listForReview(db, { includeVisible: parsed.all, limit: parsed.limit });
      const hidden = items.filter((i) => i.moderation === 'hidden');
      const shown = items.filter((i) => i.moderation !== 'hidden');
      if (hidden.length === 0) out('No puns are waiting for review.');
      else {
        out(`Hidden, pending review (${hidden.length}):`);
        for (const item of hidden) for (const line of describe(item)) out(line);
      }
      if (parsed.all) {
        if (shown.length === 0) out('No reported puns are still shown.');
        else {
          out(`Reported, still shown (${shown.length}):`);
          for (const item of shown) for (const line of describe(item)) out(line);
        }
      }
      if (hidden.length > 0)
        out('Review each: npm run moderate -- restore <punId>  (or leave it hidden)');
      return 0;
    }
    case 'hide':
    case 'restore': {
      const change = await (parsed.command === 'hide' ? hidePun : restorePun)(db, parsed.id);
      if (change.result === 'not_found') {
        err('No pun with that id.');
        return 1;
      }
      const label = `"${plain(change.text ?? '')}" by ${plain(change.authorName ?? '')}`;
      if (parsed.command === 'hide') {
        out(
          change.result === 'changed'
            ? `Hidden: ${label}. Only its author sees it now.`
            : `Already hidden: ${label}.`,
        );
      } else {
        out(
          change.result === 'changed'
            ? `Restored: ${label}. It is visible again, and further reports will not hide it.`
            : `Already restored: ${label}.`,
        );
      }
      return 0;
    }
    case 'ban': {
      const ban = await banPlayer(db, parsed.id);
      if (ban.result === 'not_found') {
        err('No player with that id.');
        return 1;
      }
      const name = plain(ban.displayName ?? '');
      const puns = ban.punsHidden === 1 ? '1 pun' : `${ban.punsHidden ?? 0} puns`;
      const sessions = ban.sessionsEnded === 1 ? '1 session' : `${ban.sessionsEnded ?? 0} sessions`;
      out(
        ban.result === 'banned'
          ? `Banned ${name}: ${sessions} ended, ${puns} hidden. They can no longer log in.`
          : `${name} was already banned (${sessions} ended, ${puns} hidden now).`,
      );
      return 0;
    }
  }
}

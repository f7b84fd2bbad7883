// Who may see which puns (issue 8: report and block). Every list of puns shown to players uses
// these conditions, with the pun aliased as `p`:
//   - a pun hidden by moderation (enough reports, an operator's `hide`, or its author banned) is
//     in no shared list; only its author still sees it, marked as hidden;
//   - a viewer never sees the puns of a player they blocked.
import { type SQL, sql } from 'drizzle-orm';

/** Not hidden by moderation: the condition for every list that viewers share. */
export const publiclyVisible: SQL = sql`p.moderation <> 'hidden'`;

/** Visible to this viewer: publicly visible or their own, and not by a player they blocked. */
export function visibleTo(viewerId: string): SQL {
  return sql`(p.moderation <> 'hidden' or p.user_id = ${viewerId}::uuid)
    and not exists (select 1 from blocks b
                    where b.blocker_id = ${viewerId}::uuid and b.blocked_id = p.user_id)`;
}

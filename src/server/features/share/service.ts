// Shared puns (issue 8): what the public share page, its card image and GET /api/share/:punId
// may show of one pun. A pun hidden by moderation is "not found" to everyone but its author.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#server/db/connect';
import { NotFound } from '#server/errors';
import { publiclyVisible } from '#server/features/moderation/visibility';
import { type SharedPun, shareMessages } from '#shared/share';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SharedRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  text: string;
  category: string;
  output: string;
  day: string;
  created_at: string | Date;
  crown_count: number;
  fire_count: number;
  thinker_count: number;
  laughing_count: number;
  author_name: string;
  public: boolean;
}

export class SharedPunNotFound extends NotFound {
  constructor() {
    super(shareMessages.notFound, 'pun_not_found');
  }
}

/**
 * The pun with this id as a share page shows it. `viewerId` is asked for only when the pun is
 * hidden (the author may still see their own), so a crawler's request never reads a session.
 */
export async function sharedPunFor(
  db: Db,
  punId: string,
  viewerId: () => Promise<string | null>,
): Promise<SharedPun> {
  if (!UUID.test(punId)) throw new SharedPunNotFound();
  const [row] = await queryRows<SharedRow>(
    db,
    sql`select p.id, p.user_id, p.text, p.category, p.output, p.day, p.created_at,
          p.crown_count, p.fire_count, p.thinker_count, p.laughing_count,
          u.display_name as author_name,
          (${publiclyVisible} and u.banned_at is null) as public
        from puns p join users u on u.id = p.user_id
        where p.id = ${punId}::uuid`,
  );
  if (!row) throw new SharedPunNotFound();
  const hidden = !row.public;
  if (hidden && (await viewerId()) !== row.user_id) throw new SharedPunNotFound();
  return {
    id: row.id,
    text: row.text,
    authorName: row.author_name,
    category: row.category,
    output: row.output,
    day: row.day,
    createdAt: new Date(row.created_at).toISOString(),
    reactions: {
      crown: row.crown_count,
      fire: row.fire_count,
      thinker: row.thinker_count,
      laughing: row.laughing_count,
    },
    hidden,
  };
}

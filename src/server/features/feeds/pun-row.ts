// A pun as the lists read it (feeds, the archive): its columns, its row type and its JSON. The
// author's name comes from a primary-key lookup the caller adds as `author_name`.
import { sql } from 'drizzle-orm';
import type { PublicPun } from '#shared/api';

export interface PunRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  day: string;
  text: string;
  category: string;
  output: string;
  created_at: string | Date;
  created_us: string;
  crown_count: number;
  fire_count: number;
  thinker_count: number;
  laughing_count: number;
  moderation: string;
  author_name: string;
}

// Microseconds since the epoch, as text: exact, unlike a JavaScript Date.
export const PUN_COLUMNS =
  sql.raw(`p.id, p.user_id, p.day, p.text, p.category, p.output, p.created_at,
  (extract(epoch from p.created_at) * 1000000)::bigint::text as created_us,
  p.crown_count, p.fire_count, p.thinker_count, p.laughing_count, p.moderation`);

export function toPublicPun(row: PunRow): PublicPun {
  return {
    id: row.id,
    text: row.text,
    userId: row.user_id,
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
    // Only lists that show a viewer their own puns can hold a hidden one (visibleTo): marked.
    ...(row.moderation === 'hidden' ? { hidden: true as const } : {}),
  };
}

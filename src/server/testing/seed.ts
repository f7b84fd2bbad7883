// Direct inserts for tests that need many users and puns fast (no password hashing per user).
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#server/db/connect';
import { hashToken, newToken } from '#server/features/accounts/tokens';
import { laDayOf } from '#shared/la-day';

export async function seedUsers(
  db: Db,
  count: number,
  prefix = 'seed',
): Promise<{ id: string; cookie: string }[]> {
  const made: { id: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, display_name, password_hash)
          values (${`${prefix}${i}-${newToken().slice(0, 6).toLowerCase()}@example.com`}, ${`${prefix}${i}${newToken().slice(0, 4)}`}, 'x')
          returning id`,
    );
    if (!row) throw new Error('seed insert failed');
    const token = newToken();
    await db.execute(
      sql`insert into sessions (token_hash, user_id, expires_at) values (${hashToken(token)}, ${row.id}, now() + interval '1 day')`,
    );
    made.push({ id: row.id, cookie: `punday_session=${token}` });
  }
  return made;
}

export async function seedPun(
  db: Db,
  userId: string,
  options: { day?: string; createdAt?: Date; text?: string; crowns?: number } = {},
): Promise<string> {
  const createdAt = options.createdAt ?? new Date();
  const day = options.day ?? laDayOf(createdAt);
  await db.execute(
    sql`insert into challenges (day, category, output) values (${day}, 'Food', 'Restaurant Name') on conflict do nothing`,
  );
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into puns (user_id, day, text, category, output, created_at, crown_count)
        values (${userId}, ${day}, ${options.text ?? 'Seeded pun'}, 'Food', 'Restaurant Name', ${createdAt.toISOString()}::timestamptz, ${options.crowns ?? 0})
        returning id`,
  );
  if (!row) throw new Error('seed pun failed');
  return row.id;
}

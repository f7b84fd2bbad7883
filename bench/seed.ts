// Seeds a Punday database with a year of play, for the growth benchmark and for anyone who wants
// a big database to look at:
//   node --import tsx bench/seed.ts --puns 1000000 [--days 365] [--data-dir DIR | --database-url URL]
// Everything is generated inside the database with set-based INSERT ... SELECT statements over
// generate_series (one batch per statement, no rows cross the wire), so a million puns take
// seconds on PostgreSQL and a few minutes on PGlite. The data keeps every rule: one pun per
// player per Los Angeles day, one reaction per player per pun, one crown per giver per day, and
// every counter equal to a recount (the counters are set from the reactions at the end).
// Every seeded player's password is `bench-password`; emails are seed-<n>@bench.local.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '#server/db/connect';
import { hashPassword } from '#server/features/accounts/passwords';
import { addDays, laDayOf, laDayStart } from '#shared/la-day';

export interface SeedOptions {
  puns: number;
  days?: number;
  /** Friends per player (one-way), for the Friends feed. */
  friends?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedResult {
  users: number;
  puns: number;
  reactions: number;
  friendships: number;
  days: number;
  seconds: number;
  /** A player with friends (for the Friends feed) and a player with many puns. */
  viewerId: string;
  playerId: string;
}

const PAIRS: [string, string][] = [
  ['Movies', 'Restaurant Name'],
  ['Animals', 'Band Name'],
  ['Space', 'Bakery Name'],
  ['Weather', 'Podcast Name'],
  ['Music', 'Food Truck Name'],
  ['Sports', 'Boat Name'],
  ['Gardening', 'Coffee Shop Name'],
];

export async function seed(database: Database, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const days = options.days ?? 365;
  const friends = options.friends ?? 20;
  const now = options.now ?? new Date();
  const today = laDayOf(now);
  // Each player plays on about 60% of days: enough players that each day has puns / days of them.
  const users = Math.max(100, Math.ceil(options.puns / days / 0.6));
  const chance = Math.min(1, options.puns / (days * users));
  const elapsedToday = Math.max(
    60,
    Math.floor((now.getTime() - laDayStart(today).getTime()) / 1000),
  );
  const db = database.db;
  const run = async (label: string, query: ReturnType<typeof sql>) => {
    const t = Date.now();
    await db.execute(query);
    log(`  ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };

  const passwordHash = await hashPassword('bench-password');
  await run(
    `${users.toLocaleString('en-US')} players`,
    sql`insert into users (email, display_name, password_hash, created_at)
        select 'seed-' || i || '@bench.local', 'Seeder ' || i, ${passwordHash},
               now() - ${days} * interval '1 day'
        from generate_series(0, ${users - 1}::int) i`,
  );
  // A numbered list of the seeded players, so the statements below can pick players by number.
  await db.execute(sql`drop table if exists bench_seed_users`);
  await db.execute(
    sql`create table bench_seed_users as
        select substr(email, 6, length(email) - 17)::int as idx, id from users
        where email like 'seed-%@bench.local'`,
  );
  await db.execute(sql`create unique index on bench_seed_users (idx)`);

  const challengeRows = Array.from({ length: days }, (_, d) => {
    const [category, output] = PAIRS[d % PAIRS.length] as [string, string];
    return sql`(${addDays(today, -d)}, ${category}, ${output}, 'operator')`;
  });
  await run(
    `${days} challenges`,
    sql`insert into challenges (day, category, output, source) values ${sql.join(challengeRows, sql`, `)}
        on conflict (day) do nothing`,
  );

  // A repeatable pseudo-random number in [0, 1) from two integers and a salt (independent
  // across salts, so a pun's time of day does not depend on whether its player played).
  const rand = (a: ReturnType<typeof sql>, b: ReturnType<typeof sql>, salt: number) =>
    sql`((hashtext((${a})::text || ':' || (${b})::text || ':' || ${String(salt)}::text)::bigint + 2147483648) / 4294967296.0)`;

  // Puns, one day at a time in batches of 30 days (so PGlite's memory stays flat).
  for (let first = 0; first < days; first += 30) {
    const last = Math.min(days - 1, first + 29);
    await run(
      `puns for days ${first}–${last} ago`,
      sql`insert into puns (user_id, day, text, category, output, created_at)
          select s.id, c.day,
                 'Seeded pun ' || s.idx || '/' || d || ': ' ||
                   (array['lettuce turnip the beet', 'a latte fun', 'pasta la vista',
                          'the yolk is on you', 'donut worry', 'orange you glad',
                          'i am soy into you'])[1 + (s.idx + d) % 7],
                 c.category, c.output,
                 ((c.day::date)::timestamp
                   + make_interval(secs => floor(${rand(sql`s.idx`, sql`d`, 7)}
                       * case when d = 0 then ${elapsedToday}::int else 86399 end)::double precision))
                   at time zone 'America/Los_Angeles'
          from generate_series(${first}::int, ${last}::int) d
          join challenges c on c.day = to_char(${today}::date - d, 'YYYY-MM-DD')
          cross join bench_seed_users s
          where ${rand(sql`s.idx`, sql`d`, 0)} < ${chance}::numeric
          on conflict do nothing`,
    );
  }
  // Reactions: each pun gets up to five, from the next players by number, given on the pun's
  // day. The first is a crown a third of the time: giver idx+1 crowns at most one pun a day.
  const punTotal = Number(
    (await queryRows<{ n: string }>(db, sql`select count(*)::text as n from puns`))[0]?.n,
  );
  await db.execute(sql`drop table if exists bench_seed_puns`);
  await db.execute(
    sql`create table bench_seed_puns as
        select p.id, p.day, p.created_at, s.idx,
               row_number() over (order by p.day, s.idx) as n
        from puns p join bench_seed_users s on s.id = p.user_id`,
  );
  const batch = 200_000;
  for (let from = 1; from <= punTotal; from += batch) {
    await run(
      `reactions for puns ${from}–${Math.min(punTotal, from + batch - 1)}`,
      sql`insert into reactions (pun_id, user_id, kind, given_day, created_at)
          select p.id, g.id,
                 case when j = 1 and p.idx % 3 = 0 then 'crown'
                      else (array['fire', 'thinker', 'laughing'])[1 + (p.idx + j) % 3] end,
                 p.day, least(now(), p.created_at + j * interval '7 minutes')
          from bench_seed_puns p
          cross join generate_series(1, 5) j
          join bench_seed_users g on g.idx = (p.idx + j) % ${users}
          where p.n between ${from} and ${from + batch - 1}
            and j <= 1 + floor(${rand(sql`p.idx`, sql`p.n`, 3)} * 5)
          on conflict do nothing`,
    );
  }
  await run(
    'friendships',
    sql`insert into friendships (user_id, friend_id)
        select a.id, b.id from bench_seed_users a
        cross join generate_series(1, ${friends}::int) k
        join bench_seed_users b on b.idx = (a.idx * 7 + k * 7919) % ${users}
        where a.id <> b.id
        on conflict do nothing`,
  );
  await run(
    'counters from a recount',
    sql`update puns p set crown_count = r.crown, fire_count = r.fire,
               thinker_count = r.thinker, laughing_count = r.laughing
        from (select pun_id,
                     count(*) filter (where kind = 'crown')::int as crown,
                     count(*) filter (where kind = 'fire')::int as fire,
                     count(*) filter (where kind = 'thinker')::int as thinker,
                     count(*) filter (where kind = 'laughing')::int as laughing
              from reactions group by pun_id) r
        where r.pun_id = p.id`,
  );
  await run(
    'players’ crown totals',
    sql`update users u set crown_count = t.crowns
        from (select user_id, sum(crown_count)::int as crowns from puns group by user_id) t
        where t.user_id = u.id and t.crowns > 0`,
  );
  const [ids] = await queryRows<{ viewer: string; player: string }>(
    db,
    sql`select (select id from bench_seed_users where idx = 0)::text as viewer,
               (select user_id from puns group by user_id order by count(*) desc limit 1)::text as player`,
  );
  await db.execute(sql`drop table bench_seed_puns`);
  await db.execute(sql`drop table bench_seed_users`);
  await run('analyze', sql`analyze`);
  const [counts] = await queryRows<{
    users: number;
    puns: number;
    reactions: number;
    friendships: number;
  }>(
    db,
    sql`select (select count(*) from users)::int as users, (select count(*) from puns)::int as puns,
               (select count(*) from reactions)::int as reactions,
               (select count(*) from friendships)::int as friendships`,
  );
  if (!counts || !ids) throw new Error('seed: counting failed');
  return {
    ...counts,
    days,
    seconds: (Date.now() - started) / 1000,
    viewerId: ids.viewer,
    playerId: ids.player,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      puns: { type: 'string', default: '10000' },
      days: { type: 'string', default: '365' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const puns = Number(values.puns);
  const days = Number(values.days);
  if (!Number.isInteger(puns) || puns < 1 || !Number.isInteger(days) || days < 1 || days > 3650) {
    console.error(
      'Usage: node --import tsx bench/seed.ts --puns N [--days D] [--data-dir DIR | --database-url URL]',
    );
    process.exit(2);
  }
  if (!values['data-dir'] && !values['database-url']) {
    console.error('Give --data-dir (PGlite) or --database-url (PostgreSQL): the database to fill.');
    process.exit(2);
  }
  const database = await openDatabase({
    dataDir: values['data-dir'],
    databaseUrl: values['database-url'],
  });
  try {
    const result = await seed(database, { puns, days, log: console.log });
    console.log(
      `Seeded ${result.puns.toLocaleString('en-US')} puns by ${result.users.toLocaleString('en-US')} players over ${result.days} days, ${result.reactions.toLocaleString('en-US')} reactions, ${result.friendships.toLocaleString('en-US')} friendships in ${result.seconds.toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { getChallenge } from '#server/features/challenge/service';
import { createTestDatabase, describeEachDb } from '#server/testing/db';
import { runChallengeCli } from './challenge.ts';

describeEachDb('npm run challenge', (kind) => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("sets, shows and lists a day's challenge, and explains bad input", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-cli-'));
    dirs.push(dataDir);
    const pgDatabase = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const env = { DATA_DIR: dataDir, DATABASE_URL: pgDatabase?.url ?? '', LOG_LEVEL: 'silent' };
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')));
    try {
      const set = [
        'set',
        '--day',
        '2026-12-01',
        '--category',
        'Movies',
        '--output',
        'Restaurant Name',
      ];
      expect(await runChallengeCli(set, env)).toBe(0);
      expect(out.join('\n')).toMatch(
        /Saved: 2026-12-01 {2}Movies \+ Restaurant Name {2}\[operator\]/,
      );
      expect(await runChallengeCli(['show', '--day', '2026-12-01'], env)).toBe(0);
      expect(out.at(-1)).toContain('Movies + Restaurant Name');
      expect(
        await runChallengeCli(
          ['set', '--day', '2026-12-02', '--category', 'Food', '--output', 'Band Name'],
          env,
        ),
      ).toBe(0);
      expect(await runChallengeCli(['list'], env)).toBe(0);
      expect(
        out
          .at(-1)
          ?.split('\n')
          .map((l) => l.slice(0, 10)),
      ).toEqual(['2026-12-02', '2026-12-01']);

      expect(
        await runChallengeCli(
          ['set', '--day', 'tomorrow', '--category', 'Food', '--output', 'x'],
          env,
        ),
      ).toBe(2);
      expect(err.at(-1)).toMatch(/YYYY-MM-DD/);
      expect(await runChallengeCli(['set', '--day', '2026-12-03'], env)).toBe(2);
      expect(err.at(-1)).toMatch(/needs --day, --category and --output/);
      expect(await runChallengeCli(['dance'], env)).toBe(2);
      expect(await runChallengeCli(['show', '--day', '2030-01-01'], env)).toBe(1);

      if (pgDatabase)
        expect(await getChallenge(pgDatabase.db, '2026-12-01')).toMatchObject({
          category: 'Movies',
        });
    } finally {
      await pgDatabase?.destroy();
    }
  });
});

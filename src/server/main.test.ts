// The real server process: start, serve, stop gracefully on SIGTERM, keep its data.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonPost, spawnServer, waitReady } from './testing/process.ts';

const startServer = spawnServer;
const json = (body: unknown) => jsonPost(body);

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes an in-flight request on SIGTERM, closes cleanly, and keeps the data for the next start', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    await waitReady(first);
    expect(existsSync(path.join(dataDir, 'punday.pid'))).toBe(true);

    // A second server on the same embedded database is refused with a clear message.
    const second = await startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another Punday server \(pid \d+\) is using/);

    const inFlight = fetch(
      `${first.url}/api/auth/signup`,
      json({ email: 'stay@example.com', password: 'secret1' }),
    );
    // SIGTERM only once the server has the request in hand (sign-up takes ~50 ms to hash).
    const deadline = Date.now() + 10_000;
    while (!first.output().includes('"url":"/api/auth/signup"') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2));
    }
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(201);
    const firstCode = await first.exited;
    expect(firstCode, first.output()).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(existsSync(path.join(dataDir, 'punday.pid'))).toBe(false);

    const again = await startServer({ DATA_DIR: dataDir });
    await waitReady(again);
    const login = await fetch(
      `${again.url}/api/auth/login`,
      json({ email: 'stay@example.com', password: 'secret1' }),
    );
    expect(login.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 60_000);

  it('refuses to start with a bad setting and says which one', async () => {
    const bad = await startServer({ DATA_DIR: dataDir, PORT: 'lots' });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('PORT="lots": must be a number');
  });
});

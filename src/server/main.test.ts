// The real server process: start, serve, stop gracefully on SIGTERM, keep its data.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

async function waitReady(server: Running): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`exited early:\n${server.output()}`);
    if (server.output().includes('Punday is ready')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready:\n${server.output()}`);
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

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

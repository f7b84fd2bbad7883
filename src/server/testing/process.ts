// Real server processes for tests: start `src/server/main.ts` with an environment, wait until it
// says it is ready, stop it with a signal.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
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
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

export async function waitReady(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`exited early:\n${server.output()}`);
    if (server.output().includes('Punday is ready')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready:\n${server.output()}`);
}

export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

export const jsonPost = (body: unknown, cookie?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/** The session cookie from a fetch response, as a Cookie header value. */
export function cookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('punday_session='));
  if (!header) throw new Error(`no session cookie (${response.status})`);
  return header.split(';')[0] ?? '';
}

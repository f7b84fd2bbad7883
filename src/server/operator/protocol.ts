// The operator socket's address and wire format. A running server holds the embedded database
// (one process only), so operator commands (backup, challenge, moderate) reach it through a Unix
// socket in DATA_DIR: HTTP with small JSON bodies, readable only by the user running the server.
import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';

export const OPERATOR_SOCKET = 'operator.sock';
/** Linux's sun_path is 108 bytes with the terminating NUL (macOS allows 103). */
export const MAX_SOCKET_PATH_BYTES = process.platform === 'darwin' ? 103 : 107;
export const OPERATOR_RUN_PATH = '/v1/run';

export function operatorSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), OPERATOR_SOCKET);
}

/**
 * How this process reaches the socket: its absolute path, or a path relative to this process's
 * working directory when only that one fits the limit; undefined when neither does.
 */
export function operatorSocketAddress(dataDir: string, cwd = process.cwd()): string | undefined {
  const absolute = operatorSocketPath(dataDir);
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH_BYTES) return absolute;
  const relative = path.relative(cwd, absolute);
  return Buffer.byteLength(relative) <= MAX_SOCKET_PATH_BYTES ? relative : undefined;
}

export function socketPathTooLong(dataDir: string): string {
  const absolute = operatorSocketPath(dataDir);
  return (
    `The operator socket path ${absolute} is ${Buffer.byteLength(absolute)} bytes, longer than the ` +
    `${MAX_SOCKET_PATH_BYTES} a Unix socket allows.`
  );
}

export const operatorRequest = z.object({
  command: z.string().min(1).max(40),
  argv: z.array(z.string().max(4096)).max(64),
});
export type OperatorRequest = z.infer<typeof operatorRequest>;

export interface OutputChunk {
  stream: 'out' | 'err';
  text: string;
}

export interface OperatorResponse {
  code: number;
  output: OutputChunk[];
}

/** Sends one command to the server listening at `address` and waits for its result. */
export function sendOperatorRequest(
  address: string,
  request: OperatorRequest,
): Promise<OperatorResponse> {
  const body = JSON.stringify(request);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: address,
        path: OPERATOR_RUN_PATH,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            const parsed = JSON.parse(text) as Partial<OperatorResponse> & { message?: string };
            if (res.statusCode === 200 && typeof parsed.code === 'number')
              resolve({ code: parsed.code, output: parsed.output ?? [] });
            else
              resolve({
                code: 1,
                output: [{ stream: 'err', text: parsed.message ?? `The server answered ${text}` }],
              });
          } catch {
            reject(new Error(`unreadable answer from the operator socket: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

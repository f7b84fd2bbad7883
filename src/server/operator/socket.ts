// The server's end of the operator socket (see protocol.ts): DATA_DIR/operator.sock, mode 0600,
// removed on close. A socket file left by a crash is replaced, but only once nothing answers on
// it (the data-folder lock already makes this process the folder's only server).
import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import {
  OPERATOR_RUN_PATH,
  type OperatorRequest,
  type OperatorResponse,
  operatorRequest,
  operatorSocketAddress,
  operatorSocketPath,
  socketPathTooLong,
} from './protocol.ts';

const MAX_REQUEST_BYTES = 64 * 1024;

export interface OperatorSocket {
  /** Where it listens (undefined when it could not be opened). */
  address: string | undefined;
  /** Stops accepting commands, waits for running ones, removes the socket file. */
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

function answersOn(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Removes a stale socket file; false (and a log line) when it must stay. */
async function clearStale(address: string, log: Log): Promise<boolean> {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(address);
  } catch {
    return true;
  }
  if (!stat.isSocket()) {
    log.warn(`${address} exists and is not a socket; operator commands are off until it is moved.`);
    return false;
  }
  if (await answersOn(address)) {
    log.error(`Another process answers on ${address}; operator commands are off.`);
    return false;
  }
  unlinkSync(address);
  return true;
}

export async function startOperatorSocket(options: {
  dataDir: string;
  log: Log;
  handle(request: OperatorRequest): Promise<OperatorResponse>;
}): Promise<OperatorSocket> {
  const { log } = options;
  const address = operatorSocketAddress(options.dataDir);
  const off: OperatorSocket = { address: undefined, close: async () => {} };
  if (!address) {
    log.warn(
      `${socketPathTooLong(options.dataDir)} Operator commands (npm run backup, challenge, moderate) ` +
        'cannot reach this server; use a shorter DATA_DIR, or stop the server to run them directly.',
    );
    return off;
  }
  if (!(await clearStale(address, log))) return off;

  const running = new Set<Promise<unknown>>();
  const server = http.createServer({ requestTimeout: 0 }, (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== OPERATOR_RUN_PATH) {
      reply(404, { message: `No such operator endpoint: ${req.method} ${req.url}` });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) {
        reply(413, { message: 'The operator request is too large.' });
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      let request: OperatorRequest;
      try {
        request = operatorRequest.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reply(400, { message: 'The operator request must be JSON: { command, argv }.' });
        return;
      }
      log.info(`operator command: ${request.command} ${request.argv.join(' ')}`.trim());
      const job = options
        .handle(request)
        .then((response) => reply(200, response))
        .catch((err) => {
          log.error({ err }, `operator command ${request.command} failed`);
          reply(500, { message: `The server could not run ${request.command}: ${String(err)}` });
        });
      running.add(job);
      void job.finally(() => running.delete(job));
    });
  });

  // Created owner-only from the start (umask), then chmod for good measure.
  const previousUmask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    log.warn({ err }, `Could not open the operator socket ${address}; operator commands are off.`);
    return off;
  } finally {
    process.umask(previousUmask);
  }
  chmodSync(address, 0o600);
  const inode = lstatSync(address).ino;
  log.info(`Operator socket: ${operatorSocketPath(options.dataDir)}`);

  return {
    address,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await Promise.allSettled([...running]);
      try {
        // Only our own socket: never a file something else put there since.
        if (lstatSync(address).ino === inode) unlinkSync(address);
      } catch {
        // already gone
      }
    },
  };
}

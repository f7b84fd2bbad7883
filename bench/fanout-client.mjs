// A load process for bench/fanout.mjs: holds thousands of Server-Sent Events streams open on
// GET /api/events and notes when each `pun` event arrives. Started with fork(); driven over IPC:
//   { type: 'open', n, host, port, cookies, timeoutMs }  open n more streams (round-robin cookies),
//        answer { type: 'opened', ok, failed, errors, connectMs } once each has ': connected' or failed
//   { type: 'status' }                  answer { type: 'status', open, closedEarly, received: {punId: count} }
//   { type: 'report', expect: [punId] } answer with every receive time per pun id and the misses
//   { type: 'drop' }                    end every stream so far (a warm-up) and forget it
//   { type: 'close' }                   end every stream and exit
// Receive times are performance.timeOrigin + performance.now() in ms: the same wall clock as the
// parent's send time (same machine), with sub-millisecond resolution.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const now = () => performance.timeOrigin + performance.now();

/** @type {{ seen: Map<string, number>, duplicates: number, closed: boolean, req: http.ClientRequest }[]} */
const streams = [];
let closedEarly = 0;
let closing = false;

function openOne({ host, port, cookie, timeoutMs }) {
  return new Promise((resolve) => {
    const started = now();
    const stream = { seen: new Map(), duplicates: 0, closed: false, req: undefined };
    let settled = false;
    const done = (ok, error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ok, error, ms: now() - started, stream });
    };
    const req = http.get(
      {
        host,
        port,
        path: '/api/events',
        agent: false, // one socket per stream, never pooled or reused
        headers: { cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          done(false, `status ${res.statusCode}`);
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const at = now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (block.startsWith(': connected')) {
              done(true);
              continue;
            }
            if (!block.includes('\nevent: pun\n')) continue;
            const data = block.slice(block.indexOf('\ndata: ') + 7);
            let id;
            try {
              id = JSON.parse(data).id;
            } catch {
              continue;
            }
            if (stream.seen.has(id)) stream.duplicates++;
            else stream.seen.set(id, at);
          }
        });
        res.on('close', () => {
          stream.closed = true;
          if (settled && !closing) closedEarly++;
          done(false, 'closed before connected');
        });
      },
    );
    stream.req = req;
    req.on('error', (err) => done(false, err.code ?? err.message));
    const timer = setTimeout(() => {
      req.destroy();
      done(false, 'timeout');
    }, timeoutMs);
  });
}

process.on('message', async (msg) => {
  if (msg.type === 'open') {
    const results = await Promise.all(
      Array.from({ length: msg.n }, (_, i) =>
        openOne({
          host: msg.host,
          port: msg.port,
          cookie: msg.cookies[(streams.length + i) % msg.cookies.length],
          timeoutMs: msg.timeoutMs,
        }),
      ),
    );
    const errors = {};
    let ok = 0;
    for (const r of results) {
      if (r.ok) {
        ok++;
        streams.push(r.stream);
      } else errors[r.error] = (errors[r.error] ?? 0) + 1;
    }
    process.send({
      type: 'opened',
      ok,
      failed: msg.n - ok,
      errors,
      connectMs: results.filter((r) => r.ok).map((r) => r.ms),
    });
  } else if (msg.type === 'status') {
    const received = {};
    for (const s of streams) for (const id of s.seen.keys()) received[id] = (received[id] ?? 0) + 1;
    process.send({
      type: 'status',
      open: streams.filter((s) => !s.closed).length,
      closedEarly,
      received,
    });
  } else if (msg.type === 'report') {
    const times = Object.fromEntries(msg.expect.map((id) => [id, []]));
    let clientsMissing = 0;
    let missedDeliveries = 0;
    let duplicates = 0;
    for (const s of streams) {
      let missing = 0;
      for (const id of msg.expect) {
        const at = s.seen.get(id);
        if (at === undefined) missing++;
        else times[id].push(at);
      }
      duplicates += s.duplicates;
      missedDeliveries += missing;
      if (missing) clientsMissing++;
    }
    process.send({
      type: 'report',
      streams: streams.length,
      open: streams.filter((s) => !s.closed).length,
      closedEarly,
      clientsMissing,
      missedDeliveries,
      duplicates,
      times,
    });
  } else if (msg.type === 'drop') {
    // End every stream (a warm-up's), and forget them.
    closing = true;
    const all = streams.splice(0);
    await Promise.all(
      all.map((s) =>
        s.closed
          ? null
          : new Promise((resolve) => {
              s.req.once('close', resolve);
              s.req.destroy();
            }),
      ),
    );
    closing = false;
    closedEarly = 0;
    process.send({ type: 'dropped', n: all.length });
  } else if (msg.type === 'close') {
    closing = true;
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });

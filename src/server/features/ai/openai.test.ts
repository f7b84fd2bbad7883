// The OpenAI-compatible generator against a real HTTP server on 127.0.0.1 that speaks the chat
// completions protocol: success, slow, failing, refused and garbage answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPunGenerator, PunGenerationFailed } from './generator.ts';

interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature: number;
  max_tokens: number;
}
type Behaviour = (res: http.ServerResponse) => void;

const answer =
  (content: string): Behaviour =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    );
  };
const status =
  (code: number, body = ''): Behaviour =>
  (res) =>
    res.writeHead(code, { 'content-type': 'application/json' }).end(body);

describe('OpenAI-compatible generator', () => {
  let server: http.Server;
  let baseUrl: string;
  /** What the server does with each request in turn; the last one repeats. */
  let script: Behaviour[] = [];
  const seen: Array<{ auth: string | undefined; body: ChatBody }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      req.on('end', () => {
        // A real endpoint rejects what is not a chat completion request; so does this one.
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        let body: ChatBody;
        try {
          body = JSON.parse(raw) as ChatBody;
        } catch {
          res.writeHead(400).end();
          return;
        }
        if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
          res.writeHead(400).end();
          return;
        }
        seen.push({ auth: req.headers.authorization, body });
        const next = script.length > 1 ? script.shift() : script[0];
        next?.(res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const generator = (timeoutMs = 1_000, apiKey: string | null = 'sk-test') =>
    createPunGenerator(
      { baseUrl, apiKey: apiKey ?? undefined, model: 'pun-model', timeoutMs },
      { backoffMs: 10 },
    );
  const request = { category: 'Food', output: 'Restaurant Name', day: '2026-12-01' };

  it('asks for one pun with the model, the key and the challenge, and returns it cleaned', async () => {
    script = [answer('  "Pun: The Codfather"  ')];
    const g = generator();
    expect(g.kind).toBe('openai');
    expect(await g.generate(request)).toBe('The Codfather');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.auth).toBe('Bearer sk-test');
    expect(seen[0]?.body.model).toBe('pun-model');
    expect(seen[0]?.body.temperature).toBe(0.9);
    expect(seen[0]?.body.max_tokens).toBe(100);
    expect(seen[0]?.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(seen[0]?.body.messages[1]?.content).toMatch(/Restaurant Name.*Food/);
  });

  it('sends no Authorization header without a key', async () => {
    script = [answer('Lettuce Eat')];
    expect(await generator(1_000, null).generate(request)).toBe('Lettuce Eat');
    expect(seen[0]?.auth).toBeUndefined();
  });

  it('sanitizes markup in the answer like a pun', async () => {
    script = [answer('<b>Pun</b>: Lettuce {Eat}')];
    expect(await generator().generate(request)).toBe('Lettuce Eat');
    script = [answer('<b>Lettuce</b> `Eat`')];
    expect(await generator().generate(request)).toBe('Lettuce Eat');
  });

  it('takes the one line of text from an answer padded with blank lines and code fences', async () => {
    script = [answer('\n```\nThe Codfather\n```\n\n')];
    expect(await generator().generate(request)).toBe('The Codfather');
    script = [answer('Restaurant Name: Pita Pan\n')];
    expect(await generator().generate(request)).toBe('Pita Pan');
  });

  it('gives up on a slow endpoint after three timed-out attempts', async () => {
    script = [(res) => setTimeout(() => answer('Too late')(res), 600)];
    const started = Date.now();
    const failure = generator(150).generate(request);
    await expect(failure).rejects.toBeInstanceOf(PunGenerationFailed);
    await expect(failure).rejects.toThrow(/after 3 attempts.*within 150 ms/);
    expect(seen).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('retries a 500 and succeeds on the next answer', async () => {
    script = [status(500, '{"error":"oops"}'), answer('Lord of the Fries')];
    expect(await generator().generate(request)).toBe('Lord of the Fries');
    expect(seen).toHaveLength(2);
  });

  it('retries a 429 (rate limited) and a slow first answer', async () => {
    script = [
      status(429),
      (res) => setTimeout(() => answer('x')(res), 600),
      answer('Jurassic Pork'),
    ];
    expect(await generator(150).generate(request)).toBe('Jurassic Pork');
    expect(seen).toHaveLength(3);
  });

  it('fails after exactly three 500s', async () => {
    script = [status(500)];
    await expect(generator().generate(request)).rejects.toThrow(/after 3 attempts.*500/);
    expect(seen).toHaveLength(3);
  });

  it('makes as many attempts as configured, waiting longer each time', async () => {
    script = [status(503)];
    const started = Date.now();
    const g = createPunGenerator(
      { baseUrl, apiKey: undefined, model: 'm', timeoutMs: 1_000 },
      { retries: 4, backoffMs: 40 },
    );
    await expect(g.generate(request)).rejects.toBeInstanceOf(PunGenerationFailed);
    expect(seen).toHaveLength(4);
    // 40 + 80 + 160 ms of backoff between the four attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(270);
  });

  it('does not retry a refused request (401, 400)', async () => {
    script = [status(401, '{"error":"bad key"}')];
    await expect(generator().generate(request)).rejects.toThrow(/refused the request \(401\)/);
    expect(seen).toHaveLength(1);
    seen.length = 0;
    script = [status(400)];
    await expect(generator().generate(request)).rejects.toBeInstanceOf(PunGenerationFailed);
    expect(seen).toHaveLength(1);
  });

  it('stops at once when the caller aborts, without further attempts', async () => {
    script = [(res) => setTimeout(() => answer('late')(res), 400)];
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    const started = Date.now();
    await expect(generator(5_000).generate(request, controller.signal)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(300);
    expect(seen).toHaveLength(1);
  });

  it('fails over a network error (nothing listening) after three attempts', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const g = createPunGenerator(
      { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: undefined, model: 'm', timeoutMs: 500 },
      { backoffMs: 5 },
    );
    await expect(g.generate(request)).rejects.toThrow(/after 3 attempts.*request failed/);
  });

  for (const [label, behaviour] of [
    [
      'an HTML page',
      (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'),
    ],
    ['JSON without choices', status(200, '{}')],
    ['JSON null', status(200, 'null')],
    ['choices without text', status(200, '{"choices":[{"message":{"content":null}}]}')],
    ['a multi-line essay', answer('Here is a pun:\nThe Codfather\nIt works because...')],
    ['two options', answer('1. The Codfather\n2. Pita Pan')],
    ['a 500-character line', answer('pun '.repeat(125))],
    ['only markup', answer('<br/><hr/>')],
    ['only quotes and spaces', answer('  ""  ')],
  ] as Array<[string, Behaviour]>) {
    it(`treats ${label} as a failed attempt`, async () => {
      script = [behaviour];
      await expect(generator().generate(request)).rejects.toBeInstanceOf(PunGenerationFailed);
      expect(seen).toHaveLength(3);
    });
  }
});

// The OpenAI-compatible generator against a real HTTP server on 127.0.0.1 that speaks the chat
// completions protocol: success, slow, failing, and garbage answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPunGenerator, PunGenerationFailed } from './generator.ts';

type Behaviour = (
  res: http.ServerResponse,
  body: { model: string; messages: Array<{ role: string; content: string }> },
) => void;

const answer =
  (content: string): Behaviour =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content } }],
      }),
    );
  };

describe('OpenAI-compatible generator', () => {
  let server: http.Server;
  let baseUrl: string;
  let script: Behaviour[] = [];
  const seen: Array<{
    auth: string | undefined;
    path: string | undefined;
    body: { model: string; messages: unknown[] };
  }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw);
        seen.push({ auth: req.headers.authorization, path: req.url, body });
        const next = script.length > 1 ? script.shift() : script[0];
        next?.(res, body);
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

  const generator = (timeoutMs = 1_000) =>
    createPunGenerator(
      { baseUrl, apiKey: 'sk-test', model: 'pun-model', timeoutMs },
      { backoffMs: 10 },
    );
  const request = { category: 'Food', output: 'Restaurant Name', day: '2026-12-01' };

  it('asks for one pun with the model, the key and the challenge, and returns it cleaned', async () => {
    script = [answer('  "Pun: The Codfather"  ')];
    expect(await generator().generate(request)).toBe('The Codfather');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe('/v1/chat/completions');
    expect(seen[0]?.auth).toBe('Bearer sk-test');
    expect(seen[0]?.body.model).toBe('pun-model');
    expect(JSON.stringify(seen[0]?.body.messages)).toMatch(/Restaurant Name.*Food/);
  });

  it('sanitizes markup in the answer like a pun', async () => {
    script = [answer('<b>Lettuce</b> {Eat}')];
    expect(await generator().generate(request)).toBe('Lettuce Eat');
  });

  it('gives up on a slow endpoint after three timed-out attempts', async () => {
    script = [(res) => setTimeout(() => answer('Too late')(res, { model: '', messages: [] }), 600)];
    const started = Date.now();
    await expect(generator(150).generate(request)).rejects.toBeInstanceOf(PunGenerationFailed);
    expect(seen).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('retries a 500 and succeeds on the next answer', async () => {
    script = [(res) => res.writeHead(500).end('oops'), answer('Lord of the Fries')];
    expect(await generator().generate(request)).toBe('Lord of the Fries');
    expect(seen).toHaveLength(2);
  });

  it('fails after exactly three 500s', async () => {
    script = [(res) => res.writeHead(500).end()];
    await expect(generator().generate(request)).rejects.toThrow(/after 3 attempts.*500/);
    expect(seen).toHaveLength(3);
  });

  it('does not retry a refused request (401)', async () => {
    script = [(res) => res.writeHead(401).end('{"error":"bad key"}')];
    await expect(generator().generate(request)).rejects.toThrow(/refused the request \(401\)/);
    expect(seen).toHaveLength(1);
  });

  for (const [label, behaviour] of [
    [
      'an HTML page',
      (res: http.ServerResponse) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'),
    ],
    ['JSON without choices', (res: http.ServerResponse) => res.writeHead(200).end('{}')],
    ['a multi-line essay', answer('Here is a pun:\nThe Codfather\nIt works because...')],
    ['a 500-character line', answer('pun '.repeat(125))],
    ['only markup', answer('<br/><hr/>')],
  ] as const) {
    it(`treats ${label} as a failed attempt`, async () => {
      script = [behaviour as Behaviour];
      await expect(generator().generate(request)).rejects.toBeInstanceOf(PunGenerationFailed);
      expect(seen).toHaveLength(3);
    });
  }
});

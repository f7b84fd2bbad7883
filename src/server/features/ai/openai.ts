// The AI example from any OpenAI-compatible chat completions endpoint (AI_BASE_URL): one attempt
// has a time limit; timeouts, network errors, 429 and 5xx are retried with exponential backoff;
// the answer must be one line, non-empty after sanitizing like a pun, at most 280 characters.
import { PUN_MAX_LENGTH } from '#shared/constants';
import { sanitizePun } from '#shared/sanitize';
import { PunGenerationFailed, type PunGenerator, type PunRequest } from './generator.ts';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  attempts?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
}

class Retryable extends Error {}

/** The pun in a model's answer, or an explanation of why there is none. */
export function extractPun(content: unknown): string {
  if (typeof content !== 'string') throw new Retryable('the answer has no text');
  const lines = content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  // One line only: a model that explains itself has not followed the brief.
  if (lines.length !== 1) throw new Retryable(`the answer has ${lines.length} lines, not one`);
  const unquote = (s: string) => s.replace(/^["'“”‘’*_\s]+|["'“”‘’*_\s]+$/g, '');
  const line = unquote(
    unquote(lines[0] ?? '').replace(/^(pun|answer|name|title|slogan)\s*:\s*/i, ''),
  );
  const pun = sanitizePun(line);
  if (!pun) throw new Retryable('the answer is empty');
  if (Array.from(pun).length > PUN_MAX_LENGTH)
    throw new Retryable('the answer is longer than 280 characters');
  return pun;
}

export function openAiGenerator(options: OpenAiOptions): PunGenerator {
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const doFetch = options.fetch ?? fetch;

  const attempt = async (request: PunRequest, signal?: AbortSignal): Promise<string> => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.9,
          max_tokens: 100,
          messages: [
            {
              role: 'system',
              content:
                'You write one short, family-friendly pun for a daily pun game. Answer with the pun alone, on one line, without quotes or explanation.',
            },
            {
              role: 'user',
              content: `Today's challenge: write a ${request.output} that is a pun about ${request.category}.`,
            },
          ],
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new Retryable(`request failed: ${(err as Error).message}`);
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new Retryable(`the endpoint answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PunGenerationFailed(`the endpoint refused the request (${response.status})`);
    }
    let body: { choices?: Array<{ message?: { content?: unknown } }> };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new Retryable('the answer is not JSON');
    }
    return extractPun(body?.choices?.[0]?.message?.content);
  };

  return {
    kind: 'openai',
    async generate(request, signal) {
      let last: unknown;
      for (let i = 0; i < attempts; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, backoffMs * 2 ** (i - 1)));
        try {
          return await attempt(request, signal);
        } catch (err) {
          if (!(err instanceof Retryable)) throw err;
          last = err;
        }
      }
      throw new PunGenerationFailed(
        `no usable pun after ${attempts} attempts: ${(last as Error).message}`,
      );
    },
  };
}

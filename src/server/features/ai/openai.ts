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

// A label the model may put before its answer despite the brief ("Pun:", "Restaurant Name:").
const LABEL = /^(?:pun|answer|example|[a-z ]*(?:name|title|slogan))\s*:\s*/i;
const QUOTES = /^["'“”‘’*_\s]+|["'“”‘’*_\s]+$/g;
// A line with no letter or digit once cleaned ("```", "---", "") carries nothing.
const hasText = (line: string) => /[\p{L}\p{N}]/u.test(sanitizePun(line));

/**
 * The pun in a model's answer, or why there is none. The rule for several lines: exactly one line
 * may have text; blank lines, code fences and rules around it are fine, a second line of text
 * (an explanation, a list of options) makes the answer unusable.
 */
export function extractPun(content: unknown): string {
  if (typeof content !== 'string') throw new Retryable('the answer has no text');
  const lines = content.split(/\r?\n/).filter(hasText);
  if (lines.length !== 1)
    throw new Retryable(`the answer has ${lines.length} lines of text, not one`);
  const unquote = (s: string) => s.replace(QUOTES, '');
  // Markup first, so "<b>Pun:</b> ..." loses its label too.
  const pun = sanitizePun(unquote(unquote(sanitizePun(lines[0] ?? '')).replace(LABEL, '')));
  if (!hasText(pun)) throw new Retryable('the answer is empty');
  if (Array.from(pun).length > PUN_MAX_LENGTH)
    throw new Retryable(`the answer is longer than ${PUN_MAX_LENGTH} characters`);
  return pun;
}

/** Waits, unless the caller gives up first: a cancelled job must not sit out the backoff. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function openAiGenerator(options: OpenAiOptions): PunGenerator {
  const attempts = Math.max(1, Math.floor(options.attempts ?? 3));
  const backoffMs = options.backoffMs ?? 500;
  const doFetch = options.fetch ?? fetch;

  const attempt = async (request: PunRequest, signal?: AbortSignal): Promise<string> => {
    signal?.throwIfAborted();
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
                'You write puns for a family-friendly daily pun game. Answer with exactly one pun, alone on one line: no quotes, no label, no explanation.',
            },
            {
              role: 'user',
              content: `Write exactly one family-friendly pun that is a ${request.output} about ${request.category}. Answer with the pun alone on one line.`,
            },
          ],
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      if (timeout.aborted) throw new Retryable(`no answer within ${options.timeoutMs} ms`);
      throw new Retryable(`request failed: ${err instanceof Error ? err.message : String(err)}`);
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
    } catch (err) {
      if (signal?.aborted) throw err;
      if (timeout.aborted) throw new Retryable(`no answer within ${options.timeoutMs} ms`);
      throw new Retryable('the answer is not JSON');
    }
    return extractPun(body?.choices?.[0]?.message?.content);
  };

  return {
    kind: 'openai',
    async generate(request, signal) {
      let last = new Retryable('no attempt made');
      for (let i = 0; i < attempts; i++) {
        if (i > 0) await sleep(backoffMs * 2 ** (i - 1), signal);
        try {
          return await attempt(request, signal);
        } catch (err) {
          if (!(err instanceof Retryable)) throw err;
          last = err;
        }
      }
      throw new PunGenerationFailed(`no usable pun after ${attempts} attempts: ${last.message}`);
    },
  };
}

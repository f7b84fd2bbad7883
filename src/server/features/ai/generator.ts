// The pluggable AI example generator (spec §4 AI example status): an OpenAI-compatible endpoint
// when AI_BASE_URL is set, otherwise the built-in offline generator.
import { offlineGenerator } from './offline.ts';
import { openAiGenerator } from './openai.ts';

export interface PunRequest {
  category: string;
  output: string;
  /** YYYY-MM-DD: seeds the offline generator so each day gets its own pun. */
  day: string;
}

export interface PunGenerator {
  readonly kind: 'openai' | 'offline';
  generate(request: PunRequest, signal?: AbortSignal): Promise<string>;
}

export class PunGenerationFailed extends Error {
  override name = 'PunGenerationFailed';
}

/**
 * The generator the configuration asks for. `options.retries` is the number of attempts in all
 * (default 3, so two retries), `backoffMs` the first wait between them (default 500, then 1000),
 * `fetch` a stand-in for tests.
 */
export function createPunGenerator(
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string; timeoutMs: number },
  options: { retries?: number; backoffMs?: number; fetch?: typeof fetch } = {},
): PunGenerator {
  if (!ai.baseUrl) return offlineGenerator();
  return openAiGenerator({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    timeoutMs: ai.timeoutMs,
    ...(options.retries !== undefined ? { attempts: options.retries } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

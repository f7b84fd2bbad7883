// Interface of the AI example-pun generators (being implemented: offline and OpenAI-compatible).
export interface PunRequest {
  category: string;
  output: string;
  day: string;
}

export interface PunGenerator {
  readonly kind: 'openai' | 'offline';
  generate(request: PunRequest, signal?: AbortSignal): Promise<string>;
}

export class PunGenerationFailed extends Error {
  override name = 'PunGenerationFailed';
}

export function createPunGenerator(
  _ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
  },
  _options?: { retries?: number; backoffMs?: number; fetch?: typeof fetch },
): PunGenerator {
  return {
    kind: 'offline',
    async generate() {
      throw new PunGenerationFailed('no generator yet');
    },
  };
}

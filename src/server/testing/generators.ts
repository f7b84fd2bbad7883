// Stand-ins for the AI endpoint in tests that are about scheduling, not about the generator.
import type { PunGenerator, PunRequest } from '#server/features/ai/generator';

export function scriptedGenerator(
  answer: (request: PunRequest) => string | Promise<string>,
): PunGenerator & { calls: PunRequest[] } {
  const calls: PunRequest[] = [];
  return {
    kind: 'offline',
    calls,
    async generate(request) {
      calls.push(request);
      return answer(request);
    },
  };
}

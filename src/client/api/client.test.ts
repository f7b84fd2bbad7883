import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionResponse } from '#shared/api';
import { messages } from '#shared/messages';
import { ApiError, apiRequest, errorMessage } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failureOf(apiRequest('/api/auth/session', sessionResponse));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
    expect(errorMessage(error, messages.login.failed)).toBe(messages.login.failed);
  });

  it("carries the server's status, code and message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(
          JSON.stringify({ error: 'rate_limited', message: messages.generic.rateLimited }),
          {
            status: 429,
          },
        ),
      ),
    );
    const error = await failureOf(apiRequest('/api/auth/session', sessionResponse));
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'rate_limited',
      messages.generic.rateLimited,
    ]);
    expect(errorMessage(error, 'fallback')).toBe(messages.generic.rateLimited);
  });

  it('rejects an answer that does not match the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<!doctype html>', { status: 200 })),
    );
    const error = await failureOf(apiRequest('/api/auth/session', sessionResponse));
    expect(error.code).toBe('invalid_response');
  });

  it('sends JSON with the session cookie', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ user: null }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/x', sessionResponse, { method: 'POST', body: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });
});

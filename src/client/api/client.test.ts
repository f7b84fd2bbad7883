import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, type sessionResponse } from '#shared/api';
import { messages } from '#shared/messages';
import { ApiError, apiRequest, errorMessage, readErrorBody } from './client';

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
    const error = await failureOf(apiRequest<typeof sessionResponse>('/api/auth/session'));
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
    const error = await failureOf(apiRequest<typeof sessionResponse>('/api/auth/session'));
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'rate_limited',
      messages.generic.rateLimited,
    ]);
    expect(errorMessage(error, 'fallback')).toBe(messages.generic.rateLimited);
  });

  it("rejects a success that is not a JSON object, such as a proxy's HTML page", async () => {
    for (const body of ['<!doctype html>', '[1,2]', '"text"', '']) {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { status: 200 })));
      const error = await failureOf(apiRequest<typeof sessionResponse>('/api/auth/session'));
      expect([error.code, error.message]).toEqual(['invalid_response', messages.generic.internal]);
    }
  });

  it("falls back to the status's message when an error body is not the server's", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify({ error: 'x', message: 42 }), { status: 503 }),
        ),
    );
    const error = await failureOf(apiRequest<typeof sessionResponse>('/api/auth/session'));
    expect([error.status, error.code, error.fromServer]).toEqual([503, 'http_error', false]);
    expect(error.message).toBe(messages.generic.unavailable);
  });

  it('reads error bodies exactly as the shared errorBody schema does', () => {
    const samples: unknown[] = [
      { error: 'e', message: 'm' },
      { error: 'e', message: 'm', requestId: 'r' },
      { error: 'e' },
      { message: 'm' },
      { error: 1, message: 'm' },
      { error: 'e', message: null },
      ['e', 'm'],
      null,
      'e',
      42,
    ];
    for (const sample of samples) {
      const expected = errorBody.safeParse(sample);
      const read = readErrorBody(sample);
      expect(read !== undefined, JSON.stringify(sample)).toBe(expected.success);
      if (read && expected.success) {
        expect(read).toEqual({ error: expected.data.error, message: expected.data.message });
      }
    }
  });

  it('sends JSON with the session cookie', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ user: null }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest<typeof sessionResponse>('/api/x', { method: 'POST', body: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });
});

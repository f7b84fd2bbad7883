// The one typed fetch client. Every call goes to the same-origin JSON API with the session cookie,
// types the answer with the shared zod schema, and turns every failure into an ApiError that
// carries the HTTP status (0 when the server could not be reached), the server's error code and
// a message a user can read.
//
// The schemas are imported as types only: zod stays out of the browser's JavaScript (23 KB gzip
// on the log-in route, issue 7's budget). The server already serializes every answer through the
// same schema (fastify-type-provider-zod's serializer refuses a body that does not match), so the
// client checks only what can still go wrong on the way: that a success is a JSON object, not,
// say, a proxy's HTML page.
import type { z } from 'zod';
import type { ErrorBody } from '#shared/api';
import { messages } from '#shared/messages';

const REQUEST_TIMEOUT_MS = 20_000;

// Not a spec message: the spec's screens fall back to their own texts (errorMessage below), so
// this one only surfaces where a screen has no better fallback.
const UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  // True when the message came from the server's { error, message } body, so it is fit to show.
  readonly fromServer: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    fromServer = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
  }
}

// The message a screen shows for a failed call: the server's own words when it gave some,
// otherwise the screen's fallback from the spec (for example messages.login.failed).
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestInit {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  data: unknown;
  isJson: boolean;
}

function statusFallbackMessage(status: number): string {
  if (status === 404) return messages.generic.notFound;
  if (status === 401) return messages.generic.unauthorized;
  if (status === 429) return messages.generic.rateLimited;
  if (status === 502 || status === 503 || status === 504) return messages.generic.unavailable;
  return messages.generic.internal;
}

async function send(path: string, init: ApiRequestInit): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }

  // One controller aborts on either the caller's signal (TanStack Query cancelling) or the timeout.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(init.signal?.reason);
  if (init.signal?.aborted) controller.abort(init.signal.reason);
  init.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const text = await response.text();
    if (text === '') return { status: response.status, data: undefined, isJson: false };
    try {
      return { status: response.status, data: JSON.parse(text), isJson: true };
    } catch {
      return { status: response.status, data: text, isJson: false };
    }
  } catch (cause) {
    // A cancellation asked for by the caller is not a failure to report; let it through as is.
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, timedOut ? 'timeout' : 'network', UNREACHABLE_MESSAGE, false, { cause });
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', forwardAbort);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's `{ error, message }` body (shared `errorBody`), or undefined for anything else. */
export function readErrorBody(data: unknown): ErrorBody | undefined {
  if (!isObject(data) || typeof data.error !== 'string' || typeof data.message !== 'string') {
    return undefined;
  }
  return { error: data.error, message: data.message };
}

async function checkedSend(path: string, init: ApiRequestInit): Promise<RawResponse> {
  const raw = await send(path, init);
  if (raw.status >= 200 && raw.status < 300) return raw;
  const body = readErrorBody(raw.data);
  if (body) throw new ApiError(raw.status, body.error, body.message, true);
  throw new ApiError(raw.status, 'http_error', statusFallbackMessage(raw.status));
}

// A call whose successful answer is the JSON object the shared schema S describes, for example
// apiRequest<typeof sessionResponse>('/api/auth/session').
export async function apiRequest<S extends z.ZodType>(
  path: string,
  init: ApiRequestInit = {},
): Promise<z.output<S>> {
  const raw = await checkedSend(path, init);
  if (!raw.isJson || !isObject(raw.data)) {
    throw new ApiError(raw.status, 'invalid_response', messages.generic.internal);
  }
  return raw.data as z.output<S>;
}

// A call whose successful answer has no body worth reading (204 No Content).
export async function apiRequestNoContent(path: string, init: ApiRequestInit = {}): Promise<void> {
  await checkedSend(path, init);
}

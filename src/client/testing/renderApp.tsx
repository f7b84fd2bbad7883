// Test harness: the real routes and QueryClient in a memory router, with the network replaced at
// the global fetch edge. Each test describes the server's answers as a small route table.
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Me } from '#shared/api';
import { createQueryClient } from '../api/query-client';
import { createAppRoutes } from '../router';

// findBy* and waitFor give up after 1 s by default; on a loaded 2-core CI machine a lazy route
// and its first query can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

export type FakeHandler = (request: { body: unknown }) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export const testUser: Me = {
  id: 'user-1',
  email: 'ada@example.com',
  displayName: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  notificationsEnabled: false,
  friendNotificationsEnabled: false,
  crownCount: 3,
};

// Replaces global fetch with a table of "METHOD /path" -> handler; anything else is a 404 body.
export function stubServer(handlers: Record<string, FakeHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = handlers[`${method} ${path}`];
    if (!handler) {
      return jsonResponse(404, { error: 'not_found', message: `No such API route: ${path}` });
    }
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({ body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function callsTo(fetchMock: ReturnType<typeof stubServer>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return (
      (init?.method ?? 'GET').toUpperCase() === method &&
      new URL(url, 'http://localhost').pathname === path
    );
  });
}

export function signedInAs(user: Me | null): FakeHandler {
  return () => jsonResponse(200, { user });
}

export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

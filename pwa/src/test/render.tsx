import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { authMessages, type PublicUser, type Role } from '@pd/domain';
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/** Shows the current address so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  // `data-from`: the page a guard kept in the router state to come back to after sign-in.
  return (
    <output data-testid="location" data-from={state?.from}>
      {location.pathname + location.search}
    </output>
  );
}

/**
 * The style caches of the screens rendered in this test. Each render has its own (public
 * `createCache` and `CacheProvider`), and `removeTestStyles` (setup.ts, after each test) takes its
 * `<style>` elements out of the page: the files of a worker share one page (isolate: false), and
 * jsdom's `getComputedStyle`, which every role and label query calls, reads every rule in the page,
 * so with MUI's default cache each file paid for the styles of every file before it.
 */
const styleCaches: EmotionCache[] = [];

export function removeTestStyles(): void {
  for (const cache of styleCaches.splice(0)) cache.sheet.flush();
}

/** Renders a screen inside the app's providers and a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
  }: { route?: string | { pathname: string; search?: string; state?: unknown }; path?: string } = {},
) {
  const queryClient = createQueryClient();
  const user = userEvent.setup({ delay: null });
  const styles = createCache({ key: 'css' });
  styleCaches.push(styles);
  const utils = render(
    <CacheProvider value={styles}>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>
    </CacheProvider>,
  );
  return { ...utils, user, queryClient };
}

/**
 * Fills a text field as a browser's autofill, a password manager or a paste does: a click, then the
 * whole value in one input event. For a field whose test is about what is sent, not about each key
 * (a field that answers each key, such as a live count or a search as you type, is typed with
 * `user.type`). Typing an e-mail key by key renders the form once per key, which made the sign-in
 * and admin files the slowest of the pwa project.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

/** The api's answer to too many attempts (its rate limiter): the spec's message and `Retry-After`. */
export function tooManyAttemptsResponse(retryAfterSeconds: number): Response {
  return new Response(JSON.stringify({ error: authMessages.tooManyRequests }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfterSeconds) },
  });
}

/**
 * Stubs `fetch` at the transport boundary. Handlers are keyed "METHOD /path" (query string
 * ignored); GET /api/auth/me answers 401 unless given. Unknown calls answer 404.
 */
export function stubApi(handlers: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request: RecordedRequest = {
      method,
      url,
      headers,
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const key = `${method} ${url.split('?')[0]}`;
    const handler =
      handlers[key] ??
      (key === 'GET /api/auth/me'
        ? () => jsonResponse(401, { error: 'Please sign in to continue.' })
        : undefined);
    return handler ? handler(request) : jsonResponse(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.url.split('?')[0]}` === key),
  };
}

/** A promise whose resolution the test controls (to observe pending states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export function buildUser(overrides: Partial<PublicUser> & { role?: Role } = {}): PublicUser {
  return {
    id: 'u1',
    name: 'Maria Lopez',
    email: 'maria@school.org',
    role: 'free',
    emailVerified: true,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

import {
  endpoints,
  pathMatcher,
  type Endpoint,
  type EndpointKey,
  type ProgressRecord,
  type PublicUser,
} from '@pd/domain';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
// The api's own test support (decision 030): only pwa/src/test may import api code (eslint.config.js).
import { startTestApp, type TestApp, type TestAppOptions } from '../../../api/src/test/app';
import type { TestClient } from '../../../api/src/test/client';
import { buildUser, sharedPasswordHash, type BuildUserOptions } from '../../../api/src/test/factories';
import { otherDevice } from '../../../api/src/test/learning';
import { nextTotpCode, totpAt } from '../../../api/src/test/mfa';

export { recoveryCodesOf } from '../../../api/src/test/mfa';
/** The api's sign-in of a test client (the password, then an admin's code). */
export { signIn as signInClient } from '../../../api/src/test/auth-helpers';
import { apiSend, urlOf } from '../lib/api-client';

export { buildManyUsers } from '../../../api/src/test/factories';
export { groupWithMembers } from '../../../api/src/test/licences';
export {
  completeModules,
  freeCourse,
  partlyRight,
  premiumCourse,
  rightAnswers,
  scoreOf,
  wrongAnswers,
} from '../../../api/src/test/learning';

/**
 * The pwa's offline engine tested against the real api (decision 030). `setupRealApi()` in a test file
 * (which declares `// @vitest-environment jsdom-api`, api-environment.ts) starts the api once for the
 * file: `startTestApp` of api/src/test, on its own copy of the migrated PGlite database (the pwa
 * project's global setup, api-global-setup.ts), on a real HTTP port of 127.0.0.1. Before each test
 * it routes the page's `fetch` to that server as a browser would:
 *
 * - a relative `/api/...` call of the page (origin `window.location.origin`, which is the api's
 *   PUBLIC_URL, as in production where the app and the api share one origin) goes to the server
 *   with the page's cookie jar (the real session cookie) and, on a state-changing call, the page's
 *   Origin header (the api's same-origin rule, api/src/middleware/same-origin.ts); Set-Cookie
 *   answers fill the jar and are not shown to the page;
 * - each test starts with an empty jar (a new browser), no network fault and no request recorded.
 *
 * The server's answers are the api's own: the tests write no reply. What the real api cannot do on
 * demand, the network does: `network.fail('offline' | 'lost-reply' | {status})` (a request that
 * never leaves, a reply that never comes back after the server has acted, a gateway's 5xx the api
 * never saw), and `network.beforeSend(hook)` runs test code while a request is on its way (hold it,
 * change the device's outbox, end the session on the server).
 */

/** A request the page sent, as it left the page. */
export interface SentRequest {
  method: string;
  /** Path and query (`/api/progress/sync`). */
  url: string;
  headers: Record<string, string>;
  /** Parsed JSON body, if any. */
  body: unknown;
}

/** What the network does to the next matching request instead of carrying it there and back. */
export type Fault =
  /** The request never leaves: fetch rejects (the browser's TypeError). */
  | 'offline'
  /** The server gets the request and acts on it; the reply is lost, so fetch rejects. */
  | 'lost-reply'
  /** A proxy or load balancer answers with this status; the api never sees the request. */
  | { status: number };

export interface FaultOptions {
  /** How many requests in a row it hits (default 1; Infinity until `network.restore()`). */
  times?: number;
  /** Which requests it hits (default every one). */
  when?: (request: SentRequest) => boolean;
}

export interface Network {
  fail(fault: Fault, options?: FaultOptions): void;
  /** Ends every fault. */
  restore(): void;
  /** Runs `hook` before each request goes (awaited: it may hold it); returns its removal. */
  beforeSend(hook: (request: SentRequest) => void | Promise<void>): () => void;
}

/** A verified teacher built by the api's factory. */
export interface Teacher {
  id: string;
  email: string;
  password: string;
  /** Another device of the teacher: its own session (a real login), talking to the api directly. */
  device(): Promise<TestClient>;
}

export interface RealApi {
  /** The api's test app: database, clock, logs (api/src/test/app.ts). */
  readonly app: TestApp;
  readonly network: Network;
  /** The requests the page sent in this test, in order. */
  readonly requests: SentRequest[];
  /** The requests the page sent to one endpoint of the domain's table. */
  calls(key: EndpointKey): SentRequest[];
  /** A verified free teacher (or as told), built by the api's factory (its password hashed once per file). */
  teacher(options?: BuildUserOptions): Promise<Teacher>;
  /** The page signs in as `teacher` with the pwa's own call (POST /api/auth/login): its jar holds the session. */
  signIn(teacher: Teacher): Promise<PublicUser>;
  /** Two-step sign-in (decision 077): the next code of the account's authenticator, at the app's time. */
  nextTotpCode(email: string): Promise<string>;
  /** The code an authenticator with `secret` shows at the app's time. */
  totp(secret: string): Promise<string>;
  /** A teacher, signed in on the page. */
  signedInTeacher(options?: BuildUserOptions): Promise<Teacher & { user: PublicUser }>;
  /** The page's session ends on the server (as a sign-out from elsewhere would): its next call is a 401. */
  endPageSession(): Promise<void>;
  /**
   * The server's view of the signed-in teacher's progress: GET /api/progress with the page's session,
   * outside the page's code (not recorded, no fault).
   */
  serverProgress(courseSlug?: string): Promise<ProgressRecord[]>;
}

const byKey = new Map<string, Endpoint>(Object.values(endpoints).map((e) => [e.key, e]));

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Node's fetch, kept before any test stubs the global. */
const nodeFetch = globalThis.fetch;

/** Starts the real api for this test file and routes the page's fetch to it before each test. */
export function setupRealApi(options: TestAppOptions = {}): RealApi {
  let started: TestApp | undefined;
  const jar = new Map<string, string>();
  const requests: SentRequest[] = [];
  const faults: { fault: Fault; left: number; when: (request: SentRequest) => boolean }[] = [];
  const hooks = new Set<(request: SentRequest) => void | Promise<void>>();
  const pageOrigin = () => window.location.origin;

  const app = (): TestApp => {
    if (!started) throw new Error('setupRealApi: the api starts in beforeAll; use it inside a test');
    return started;
  };

  /** Carries a request of the page to the api and back, with the page's cookie jar. */
  async function forward(method: string, url: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (method !== 'GET' && method !== 'HEAD') headers.set('origin', pageOrigin());
    // A browser names itself (the api drops known bots' analytics; Node's fetch says 'node').
    if (!headers.has('user-agent')) headers.set('user-agent', navigator.userAgent);
    const res = await nodeFetch(new URL(url, app().url), {
      method,
      headers,
      body: init.body,
      signal: init.signal,
    });
    for (const line of res.headers.getSetCookie()) storeCookie(line);
    const shown = new Headers(res.headers);
    shown.delete('set-cookie');
    const body =
      method === 'HEAD' || res.status === 204 || res.status === 304 ? null : await res.arrayBuffer();
    return new Response(body, { status: res.status, statusText: res.statusText, headers: shown });
  }

  function storeCookie(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [k, v] = a.trim().split('=');
      return k?.toLowerCase() === 'expires' && v !== undefined && new Date(v).getTime() <= Date.now();
    });
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }

  /** The page's fetch. */
  async function routedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = new URL(href, window.location.href);
    // Another device of a teacher (api/src/test's TestClient) calls the api at its own address.
    if (started && target.origin === new URL(started.url).origin) return nodeFetch(input, init);
    if (target.origin !== pageOrigin() || !target.pathname.startsWith('/api/')) {
      throw new Error(`real-api: the page called ${target.href}; only its own /api/ calls are routed`);
    }
    const method = (init.method ?? 'GET').toUpperCase();
    const url = target.pathname + target.search;
    const request: SentRequest = {
      method,
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: parseBody(init.body),
    };
    requests.push(request);
    for (const hook of [...hooks]) await hook(request);
    const index = faults.findIndex((f) => f.left > 0 && f.when(request));
    const found = index === -1 ? undefined : faults[index];
    if (found) found.left -= 1;
    const fault = found?.fault;
    if (fault === 'offline') throw new TypeError('Failed to fetch');
    if (typeof fault === 'object') {
      return new Response('Service Unavailable', {
        status: fault.status,
        statusText: 'Service Unavailable',
        headers: { 'Content-Type': 'text/plain' },
      });
    }
    const res = await forward(method, url, init);
    if (fault === 'lost-reply') throw new TypeError('Failed to fetch');
    return res;
  }

  const network: Network = {
    fail(fault, { times = 1, when = () => true } = {}) {
      faults.push({ fault, left: times, when });
    },
    restore() {
      faults.length = 0;
    },
    beforeSend(hook) {
      hooks.add(hook);
      return () => hooks.delete(hook);
    },
  };

  beforeAll(async () => {
    // The page and the api share one origin (PUBLIC_URL), as in production.
    started = await startTestApp({ publicUrl: window.location.origin, ...options });
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    jar.clear();
    requests.length = 0;
    faults.length = 0;
    hooks.clear();
    // src/test/setup.ts unstubs every global after each test.
    vi.stubGlobal('fetch', vi.fn(routedFetch));
  });

  const teacher = async (userOptions: BuildUserOptions = {}): Promise<Teacher> => {
    const password = userOptions.password ?? 'correct horse battery staple';
    const built = await buildUser(app().db, {
      ...userOptions,
      password,
      passwordHash: userOptions.passwordHash ?? (await sharedPasswordHash(password)),
    });
    let device: Promise<TestClient> | undefined;
    return {
      id: built.user.id,
      email: built.email,
      password,
      device: () => (device ??= otherDevice(app(), built)),
    };
  };
  /** The sign-in the app makes; with two-step sign-in, then the authenticator's next code. */
  const signIn = async (who: Teacher) => {
    const answer = await apiSend(endpoints.login, { email: who.email, password: who.password });
    if (!('mfa' in answer)) return answer;
    if (answer.mfa !== 'verify') throw new Error(`${who.email} must set up two-step sign-in first`);
    const { recoveryCodesLeft: _left, ...user } = await apiSend(endpoints.mfaVerify, {
      code: await nextTotpCode(who.email, app().clock.now()),
    });
    return user;
  };

  return {
    get app() {
      return app();
    },
    network,
    requests,
    calls(key) {
      const endpoint = byKey.get(key);
      if (!endpoint) throw new Error(`No endpoint ${key} in the domain's table`);
      const pattern = pathMatcher(endpoint.path);
      return requests.filter((r) => r.method === endpoint.method && pattern.test(r.url.split('?')[0]!));
    },
    teacher,
    signIn,
    nextTotpCode: (email) => nextTotpCode(email, app().clock.now()),
    totp: (secret) => totpAt(secret, app().clock.now()),
    async signedInTeacher(userOptions) {
      const made = await teacher(userOptions);
      return { ...made, user: await signIn(made) };
    },
    async endPageSession() {
      const kept = new Map(jar);
      const res = await forward('POST', endpoints.logout.path, {
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      if (!res.ok) throw new Error(`ending the page's session answered ${res.status}`);
      // The page was not told: it still sends its old cookie.
      for (const [name, value] of kept) jar.set(name, value);
    },
    async serverProgress(courseSlug) {
      const res = await forward('GET', urlOf(endpoints.progress, { query: { courseSlug } }), {});
      if (!res.ok) throw new Error(`GET /api/progress answered ${res.status}`);
      return endpoints.progress.response.parse(await res.json());
    },
  };
}

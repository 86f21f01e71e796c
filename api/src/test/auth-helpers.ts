import { type PublicUser, type Role, roles } from '@pd/domain';
import type { MailboxMessage } from '../modules/mail/present.js';
import type { TestApp } from './app.js';
import type { TestClient, TestResponse } from './client.js';
import { buildUser } from './factories.js';
import { hasAuthenticator, nextTotpCode } from './mfa.js';

/**
 * Signs in as a person would: the password, then, for an account with two-step sign-in, the next
 * code of its authenticator (test/mfa.ts). The answer is the last call's: the user when it worked.
 */
export async function signIn(
  client: TestClient,
  email: string,
  password: string,
): Promise<TestResponse<PublicUser>> {
  const res = await client.post<PublicUser | { mfa: string }>('/api/auth/login', { email, password });
  if (res.status !== 200 || !('mfa' in res.body) || res.body.mfa !== 'verify' || !hasAuthenticator(email)) {
    return res as TestResponse<PublicUser>;
  }
  return client.post<PublicUser>('/api/auth/mfa/verify', { code: await nextTotpCode(email, client.now()) });
}

/** The password step alone: the raw answer of POST /api/auth/login. */
export function postLogin<T = unknown>(client: TestClient, email: string, password: string) {
  return client.post<T>('/api/auth/login', { email, password });
}

/** The dev mailbox's messages for `to`, newest first, once the worker has run. */
export async function mailboxFor(app: TestApp, to: string): Promise<MailboxMessage[]> {
  await app.mailer.idle();
  const res = await app.client().get<{ messages: MailboxMessage[] }>('/api/dev/mailbox');
  return res.body.messages.filter((m) => m.to === to);
}

/** The token in the newest link to `pathPrefix` mailed to `to`. */
export async function latestToken(app: TestApp, to: string, pathPrefix: string): Promise<string> {
  for (const message of await mailboxFor(app, to)) {
    for (const link of message.links) {
      const url = new URL(link);
      const token = url.searchParams.get('token');
      if (url.pathname.startsWith(pathPrefix) && token) return token;
    }
  }
  throw new Error(`no ${pathPrefix} link mailed to ${to}`);
}

/** One signed-in client per role, each with a fresh account (for access-by-role tests). */
export async function signedInClientPerRole(app: TestApp): Promise<Record<Role, TestClient>> {
  const clients = {} as Record<Role, TestClient>;
  for (const role of roles) {
    const { email, password } = await buildUser(app.db, { role });
    const client = app.client();
    const res = await signIn(client, email, password);
    if (res.status !== 200) throw new Error(`signing in the ${role} test user answered ${res.status}`);
    clients[role] = client;
  }
  return clients;
}

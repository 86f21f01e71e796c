// @vitest-environment jsdom-api
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-client';
import { setupRealApi } from '../test/real-api';
import { deleteUserDb, userDb } from './db';
import { fetchMe } from './get-me';
import { markLogoutPending, signedInUserId } from './profile';

/** fetchMe against the real api (src/test/real-api.ts): its session, its 401; the network fails on demand. */
const api = setupRealApi();

let userId = '';

afterEach(async () => {
  localStorage.clear();
  await deleteUserDb(userId);
});

/** A teacher signs in on the page, and the app asks who is signed in. */
async function signInOnline() {
  const teacher = await api.signedInTeacher({ name: 'Ana Silva' });
  userId = teacher.id;
  await expect(fetchMe()).resolves.toEqual(teacher.user);
  await vi.waitFor(async () => expect(await userDb(userId).profile.get('me')).toBeDefined());
  return teacher;
}

describe('fetchMe and the cached profile', () => {
  it('keeps the profile on the device and answers with it when the server cannot be reached', async () => {
    const teacher = await signInOnline();
    expect(signedInUserId()).toBe(teacher.id);
    api.network.fail('offline');
    await expect(fetchMe()).resolves.toEqual(teacher.user);
  });

  it('never uses the cached profile on a 401: signed out, and the device forgets who was signed in', async () => {
    await signInOnline();
    await api.endPageSession(); // GET /api/auth/me answers 401
    await expect(fetchMe()).resolves.toBeNull();
    expect(signedInUserId()).toBeNull();
    // Offline afterwards: nobody to fall back to.
    api.network.fail('offline');
    await expect(fetchMe()).rejects.toBeInstanceOf(NetworkError);
  });

  it('does not mask a server error with the cached profile', async () => {
    await signInOnline();
    api.network.fail({ status: 500 });
    await expect(fetchMe()).rejects.toBeInstanceOf(ApiError);
  });

  it('finishes a sign-out that could not reach the server before asking who is signed in', async () => {
    const teacher = await signInOnline();
    markLogoutPending();
    await expect(fetchMe()).resolves.toBeNull();
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    // The session really ended: the api answered the next /me with a 401.
    expect(api.calls('GET /api/auth/me')).toHaveLength(2);

    // Signed in again, then the sign-out still cannot reach the server: signed out on this device,
    // the session is not asked about (and lives on on the server until the sign-out gets there).
    await api.signIn(teacher);
    markLogoutPending();
    api.network.fail('offline');
    await expect(fetchMe()).resolves.toBeNull();
    expect(api.calls('POST /api/auth/logout')).toHaveLength(2);
    expect(api.calls('GET /api/auth/me')).toHaveLength(2);
    expect(await api.serverProgress()).toEqual([]);
  });
});

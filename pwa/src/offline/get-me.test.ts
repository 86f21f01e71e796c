import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-client';
import { buildUser, jsonResponse, stubApi } from '../test/render';
import { deleteUserDb, userDb } from './db';
import { fetchMe } from './get-me';
import { markLogoutPending, signedInUserId } from './profile';

const teacher = buildUser({ id: 'get-me-teacher', name: 'Ana Silva' });

afterEach(async () => {
  localStorage.clear();
  await deleteUserDb(teacher.id);
});

async function signInOnline() {
  stubApi({ 'GET /api/auth/me': () => jsonResponse(200, teacher) });
  await expect(fetchMe()).resolves.toEqual(teacher);
  await vi.waitFor(async () => expect(await userDb(teacher.id).profile.get('me')).toBeDefined());
}

describe('fetchMe and the cached profile', () => {
  it('keeps the profile on the device and answers with it when the server cannot be reached', async () => {
    await signInOnline();
    expect(signedInUserId()).toBe(teacher.id);
    const { fetchMock } = stubApi();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetchMe()).resolves.toEqual(teacher);
  });

  it('never uses the cached profile on a 401: signed out, and the device forgets who was signed in', async () => {
    await signInOnline();
    stubApi(); // GET /api/auth/me answers 401
    await expect(fetchMe()).resolves.toBeNull();
    expect(signedInUserId()).toBeNull();
    // Offline afterwards: nobody to fall back to.
    const { fetchMock } = stubApi();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetchMe()).rejects.toBeInstanceOf(NetworkError);
  });

  it('does not mask a server error with the cached profile', async () => {
    await signInOnline();
    stubApi({ 'GET /api/auth/me': () => jsonResponse(500, { error: 'Boom' }) });
    await expect(fetchMe()).rejects.toBeInstanceOf(ApiError);
  });

  it('finishes a sign-out that could not reach the server before asking who is signed in', async () => {
    markLogoutPending();
    const api = stubApi({
      'POST /api/auth/logout': () => jsonResponse(200, { ok: true }),
    });
    await expect(fetchMe()).resolves.toBeNull();
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    // Still offline for the logout: signed out on this device, the session is not asked about.
    markLogoutPending();
    const offline = stubApi({ 'GET /api/auth/me': () => jsonResponse(200, teacher) });
    offline.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetchMe()).resolves.toBeNull();
    expect(offline.calls('GET /api/auth/me')).toHaveLength(0);
  });
});

// @vitest-environment jsdom-api
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { analyticsQueue, track } from '../offline/analytics';
import { deleteUserDb, userDb } from '../offline/db';
import { newOutboxOp } from '../offline/outbox';
import { signedInUserId } from '../offline/profile';
import { fetchProgress } from '../offline/progress';
import { syncEngineFor } from '../offline/sync-engine';
import { renderWithProviders } from '../test/render';
import { freeCourse, setupRealApi, type Teacher } from '../test/real-api';
import { RootLayout } from './root-layout';

/**
 * Issue 26: the session ends on the server (a role change, a sign-out elsewhere) while the page is
 * open. The next call the page makes answers 401, and the page is signed out at once, without a
 * reload: the header says Sign In, the device forgets who was signed in, and what the teacher did
 * (the outbox's operations, the queued analytics events) stays on the device.
 */
const api = setupRealApi();

let teacher: Teacher | undefined;

afterEach(async () => {
  localStorage.clear();
  if (teacher) {
    syncEngineFor(teacher.id).dispose();
    await deleteUserDb(teacher.id);
  }
  teacher = undefined;
});

/** A teacher signed in on the page, the layout drawn for them. */
async function signedInPage() {
  const signedIn = await api.signedInTeacher({ name: 'Ana Silva' });
  teacher = signedIn;
  renderWithProviders(<RootLayout />);
  expect(await screen.findByRole('button', { name: 'Account menu for Ana Silva' })).toBeInTheDocument();
  await waitFor(() => expect(signedInUserId()).toBe(signedIn.id));
  // The page is up: the sync engine, which follows the session while someone is signed in, has run.
  expect(await screen.findByText(/All changes saved at/)).toBeInTheDocument();
  return signedIn;
}

async function queueWork(userId: string) {
  const op = newOutboxOp({ type: 'course-reset', payload: { courseSlug: freeCourse, generation: 0 } });
  await userDb(userId).outbox.add(op);
  return op;
}

describe('a session that ends on the server while the page is open', () => {
  it('signs the page out on the sync drain’s 401 and keeps the queued operations', async () => {
    const { id } = await signedInPage();
    await api.endPageSession();
    const op = await queueWork(id);

    const outcome = await syncEngineFor(id).kick('manual');
    expect(outcome?.status).toBe('failed');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(signedInUserId()).toBeNull();
    const kept = await userDb(id).outbox.toArray();
    expect(kept.map((o) => o.opId)).toEqual([op.opId]);
    expect(kept[0]?.status).toBe('pending');
  });

  it('signs the page out on an ordinary call’s 401 and keeps the queued analytics events', async () => {
    const { id } = await signedInPage();
    await track('feature_discovered', { feature: 'prompt-library' });
    await api.endPageSession();

    await expect(fetchProgress()).rejects.toBeInstanceOf(ApiError);

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    const queued = await analyticsQueue()
      .events.filter((e) => e.userId === id && e.state === 'queued')
      .toArray();
    expect(queued.map((e) => e.name)).toEqual(['feature_discovered']);
  });

  it('does not sign anybody out for a 401 that is not about the session (a wrong sign-in password)', async () => {
    await signedInPage();
    const other = await api.teacher();
    const { login } = await import('../features/auth/api/login');
    await expect(login({ email: other.email, password: 'not-the-password-1' })).rejects.toMatchObject({
      status: 401,
    });
    // The page still knows the teacher: one more call that succeeds proves nothing changed meanwhile.
    await expect(fetchProgress()).resolves.toEqual([]);
    expect(screen.getByRole('button', { name: 'Account menu for Ana Silva' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

import type { Role } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../../../app/root-layout';
import { PremiumActionsContext } from '../../../components/premium-actions-context';
import { userDb, userDbName } from '../../../offline/db';
import { newOutboxOp } from '../../../offline/outbox';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../../test/render';

const roleCases: Array<{ role: Role; badge: string; items: string[]; upgrade: boolean }> = [
  { role: 'free', badge: 'Free', items: ['Account and sign-in', 'PD transcript', 'Sign out'], upgrade: true },
  {
    role: 'premium',
    badge: 'Premium',
    items: ['Manage Subscription', 'Account and sign-in', 'PD transcript', 'Sign out'],
    upgrade: false,
  },
  {
    role: 'license_admin',
    badge: 'License Admin',
    items: ['Manage Subscription', 'License Management', 'Account and sign-in', 'PD transcript', 'Sign out'],
    upgrade: false,
  },
  {
    role: 'superadmin',
    badge: 'Super Admin',
    items: [
      'Manage Subscription',
      'Super Admin Dashboard',
      'Account and sign-in',
      'PD transcript',
      'Sign out',
    ],
    upgrade: false,
  },
];

// A failed sign-out leaves its retry flag behind; each test starts from a fresh device.
afterEach(() => localStorage.clear());

describe('header account control', () => {
  it('offers Sign In to anonymous visitors, in a dialog that toggles to Create Account', async () => {
    stubApi();
    const { user } = renderWithProviders(<RootLayout />);
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: /sign in/i });
    expect(within(dialog).getByLabelText(/email/i)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('dialog', { name: /create account/i })).toBeInTheDocument();
    expect(screen.getByLabelText(/full name/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: /sign in/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it.each(roleCases)(
    'shows name, e-mail, badge and the menu items of role $role',
    async ({ role, badge, items, upgrade }) => {
      const me = buildUser({ role, name: 'Ana Silva', email: 'ana@school.org' });
      stubApi({ 'GET /api/auth/me': () => jsonResponse(200, me) });
      const { user } = renderWithProviders(<RootLayout />);
      const trigger = await screen.findByRole('button', { name: 'Account menu for Ana Silva' });
      expect(Boolean(screen.queryByRole('button', { name: 'Upgrade to Premium' }))).toBe(upgrade);
      await user.click(trigger);
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByText('Ana Silva')).toBeInTheDocument();
      expect(within(menu).getByText('ana@school.org')).toBeInTheDocument();
      expect(within(menu).getByText(badge)).toBeInTheDocument();
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(items);
    },
  );

  it('routes License Management and Super Admin Dashboard to their pages', async () => {
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, buildUser({ role: 'license_admin', name: 'Lee Admin' })),
    });
    const { user } = renderWithProviders(<RootLayout />);
    await user.click(await screen.findByRole('button', { name: 'Account menu for Lee Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'License Management' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/license-admin'));
  });

  it('wires Upgrade to Premium and Manage Subscription to the premium actions', async () => {
    const onUpgrade = vi.fn();
    const onManageSubscription = vi.fn();
    stubApi({ 'GET /api/auth/me': () => jsonResponse(200, buildUser({ role: 'free' })) });
    const { user } = renderWithProviders(
      <PremiumActionsContext.Provider value={{ onUpgrade, onManageSubscription }}>
        <RootLayout />
      </PremiumActionsContext.Provider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledOnce();
  });

  it('signs out: posts an empty JSON body, shows a toast and goes home', async () => {
    const api = stubApi({
      'GET /api/auth/me': () => jsonResponse(200, buildUser({ role: 'premium', name: 'Ana Silva' })),
      'POST /api/auth/logout': () => jsonResponse(200, { ok: true }),
    });
    const { user } = renderWithProviders(<RootLayout />, { route: '/verify-sent' });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Signed out'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const [logout] = api.calls('POST /api/auth/logout');
    expect(logout?.body).toEqual({});
    expect(logout?.headers['content-type']).toBe('application/json');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('says Error signing out when the call fails', async () => {
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, buildUser({ role: 'free', name: 'Ana Silva' })),
      'POST /api/auth/logout': () => jsonResponse(500, { error: 'Internal error' }),
    });
    const { user } = renderWithProviders(<RootLayout />);
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Error signing out'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Please try again.');
  });

  it('on a shared device: drains first, says how many changes would be lost, then wipes the device', async () => {
    const teacher = buildUser({ id: 'shared-device-teacher', name: 'Ana Silva' });
    const deleteCache = vi.fn(async () => true);
    vi.stubGlobal('caches', {
      keys: async () => ['workbox-precache-v2-http://localhost/', 'pd-images', 'pd-public-api'],
      delete: deleteCache,
    });
    const api = stubApi({
      'GET /api/auth/me': () => jsonResponse(200, teacher),
      'POST /api/progress/sync': () => jsonResponse(503, { error: 'Down' }),
      'POST /api/auth/logout': () => jsonResponse(200, { ok: true }),
    });
    const op = () =>
      newOutboxOp({ type: 'quiz-submitted', payload: { courseSlug: 'c', moduleId: 1, answers: [1] } });
    await userDb(teacher.id).outbox.bulkAdd([op(), op()]);
    await userDb(teacher.id).progress.put({
      courseSlug: 'c',
      completedModules: [1],
      quizScores: { 1: 100 },
      currentModule: 1,
      lastAccessed: new Date().toISOString(),
      generation: 0,
    });
    const { user } = renderWithProviders(<RootLayout />);

    const signOut = async () => {
      await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Silva' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
      return screen.findByRole('dialog', { name: 'Sign out and lose changes?' });
    };

    // Stay signed in: nothing is lost.
    let dialog = await signOut();
    expect(dialog).toHaveTextContent(
      '2 changes have not reached the server yet and will be lost if you sign out now.',
    );
    expect(api.calls('POST /api/progress/sync').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await userDb(teacher.id).outbox.count()).toBe(2);
    expect(api.calls('POST /api/auth/logout')).toHaveLength(0);

    // Sign out anyway: the teacher's database, cached responses and profile go, then the server is told.
    dialog = await signOut();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Signed out'));
    expect(await Dexie.exists(userDbName(teacher.id))).toBe(false);
    // The caches holding the teacher's downloaded images and the api answers they read; the app's
    // own files (the precache) stay, so the device still opens offline.
    expect(deleteCache.mock.calls.map(([name]: unknown[]) => name).sort()).toEqual([
      'pd-images',
      'pd-public-api',
    ]);
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('pd-signed-in-user')).toBeNull();
    expect(localStorage.getItem('pd-logout-pending')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('signs out on the device even offline, and finishes with the server later', async () => {
    const teacher = buildUser({ id: 'offline-sign-out', name: 'Ana Silva' });
    const api = stubApi({ 'GET /api/auth/me': () => jsonResponse(200, teacher) });
    const { user } = renderWithProviders(<RootLayout />);
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Silva' }));
    api.fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('You are signed out on this device.'),
    );
    expect(await Dexie.exists(userDbName(teacher.id))).toBe(false);
    expect(localStorage.getItem('pd-logout-pending')).toBe('1');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

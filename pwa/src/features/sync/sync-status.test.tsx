// @vitest-environment jsdom-api
import { licenceMessages, syncReasons } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDb, userDb, type OutboxOp } from '../../offline/db';
import { newOutboxOp } from '../../offline/outbox';
import { freeCourse as slug, rightAnswers, setupRealApi } from '../../test/real-api';
import { renderWithProviders } from '../../test/render';
import { SyncStatusBar } from './sync-status';

/** The status bar over the real api (src/test/real-api.ts): the sync answers are the server's. */
const api = setupRealApi();
let userId = '';

async function quizOp(moduleId: number, overrides: Partial<OutboxOp> = {}): Promise<OutboxOp> {
  const answers = await rightAnswers(slug, moduleId);
  return {
    ...newOutboxOp({ type: 'quiz-submitted', payload: { courseSlug: slug, moduleId, answers } }),
    ...overrides,
  } as OutboxOp;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await deleteUserDb(userId);
  localStorage.clear();
  vi.mocked(console.warn).mockRestore();
});

describe('SyncStatusBar', () => {
  it('shows a refused change with its reason until dismissed, the waiting count, failures and success', async () => {
    userId = (await api.signedInTeacher()).id;
    // A change the server refused earlier, kept with its reason, and one waiting.
    await userDb(userId).outbox.bulkAdd([
      await quizOp(3, { status: 'rejected', reason: syncReasons.moduleLocked }),
      await quizOp(1),
    ]);
    // The way to the api is down (a gateway's 503) until the test restores it.
    api.network.fail({ status: 503 }, { times: Infinity, when: (r) => r.url === '/api/progress/sync' });
    const { user } = renderWithProviders(<SyncStatusBar />);
    const status = await screen.findByTestId('sync-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent('Action needed · 1 change waiting to sync'));

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Action needed' });
    // Named by the course's title once the catalogue has arrived (its slug until then).
    await waitFor(() => expect(dialog).toHaveTextContent('Quiz of module 3 in “AI Tools Beyond ChatGPT”'));
    expect(dialog).toHaveTextContent(syncReasons.moduleLocked);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(status).toHaveTextContent(/^1 change waiting to sync · Your progress is kept on this device\.$/),
    );
    expect(await userDb(userId).outbox.count()).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Connection issues detected · 1 change waiting to sync · Your progress is kept on this device.',
      ),
    );

    api.network.restore();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    // All saved, and when.
    await waitFor(() => expect(status).toHaveTextContent(/^All changes saved at \d{1,2}:\d{2}/));
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(await api.serverProgress(slug)).toMatchObject([{ moduleId: 1, completed: true }]);
  });

  it('says the device is offline with the changes kept on it, never a save that cannot finish (issue 16)', async () => {
    userId = (await api.signedInTeacher()).id;
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userDb(userId).outbox.bulkAdd([await quizOp(1), await quizOp(2)]);
    renderWithProviders(<SyncStatusBar />);
    const status = await screen.findByTestId('sync-status');
    await waitFor(() => expect(status).toHaveTextContent(/^Offline · 2 changes kept on this device$/));
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(status).not.toHaveTextContent('Saving');
    expect(status).not.toHaveTextContent('All changes saved');

    // Nothing waiting: still offline, and the progress is safe.
    await userDb(userId).outbox.clear();
    await waitFor(() => expect(status).toHaveTextContent(/^Offline · your progress is kept on this device$/));

    // Back online: the bar follows the browser's online event.
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status).toHaveTextContent(/^All changes saved/));
    expect(api.calls('POST /api/progress/sync')).toHaveLength(0);
    online.mockRestore();
  });

  it('says what is true for a licence admin on License Management while offline (issue 26)', async () => {
    userId = (await api.signedInTeacher({ role: 'license_admin' })).id;
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const page = renderWithProviders(<SyncStatusBar />, { route: '/license-admin' });
      const status = await screen.findByTestId('sync-status');
      await waitFor(() => expect(status).toHaveTextContent(licenceMessages.offlineStatus));
      expect(status).not.toHaveTextContent('your progress is kept on this device');
      page.unmount();
      // Elsewhere (a course), the teacher's wording stays.
      renderWithProviders(<SyncStatusBar />, { route: '/' });
      const elsewhere = await screen.findByTestId('sync-status');
      await waitFor(() =>
        expect(elsewhere).toHaveTextContent(/^Offline · your progress is kept on this device$/),
      );
    } finally {
      online.mockRestore();
    }
  });

  it('shows nothing to signed-out visitors', async () => {
    const { container } = renderWithProviders(<SyncStatusBar />);
    await waitFor(() => expect(screen.queryByTestId('sync-status')).not.toBeInTheDocument());
    expect(container.querySelector('[aria-label="Sync status"]')).toBeNull();
  });
});

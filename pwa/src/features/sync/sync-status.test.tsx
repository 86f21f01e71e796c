import { syncReasons } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDb, userDb, type OutboxOp } from '../../offline/db';
import { newOutboxOp } from '../../offline/outbox';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { SyncStatusBar } from './sync-status';

const slug = 'ai-tools-beyond-chatgpt';
let count = 0;
let userId = '';

function quizOp(moduleId: number, overrides: Partial<OutboxOp> = {}): OutboxOp {
  return {
    ...newOutboxOp({ type: 'quiz-submitted', payload: { courseSlug: slug, moduleId, answers: [1] } }),
    ...overrides,
  } as OutboxOp;
}

beforeEach(() => {
  userId = `sync-status-${++count}`;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await deleteUserDb(userId);
  localStorage.clear();
  vi.mocked(console.warn).mockRestore();
});

describe('SyncStatusBar', () => {
  it('shows a refused change with its reason until dismissed, the waiting count, failures and success', async () => {
    let serverUp = false;
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, buildUser({ id: userId })),
      'POST /api/progress/sync': (request) => {
        if (!serverUp) return jsonResponse(503, { error: 'Down' });
        const { ops } = request.body as { ops: Array<{ opId: string }> };
        return jsonResponse(200, {
          results: ops.map((op) => ({ opId: op.opId, status: 'applied' })),
          progress: [],
        });
      },
    });
    await userDb(userId).outbox.bulkAdd([
      quizOp(3, { status: 'rejected', reason: syncReasons.moduleLocked }),
      quizOp(1),
    ]);
    const { user } = renderWithProviders(<SyncStatusBar />);
    const status = await screen.findByTestId('sync-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent('Action needed · 1 change waiting to sync'));

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Action needed' });
    expect(dialog).toHaveTextContent(`Quiz of module 3 in “${slug}”`);
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

    serverUp = true;
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    // All saved, and when.
    await waitFor(() => expect(status).toHaveTextContent(/^All changes saved at \d{1,2}:\d{2}/));
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  });

  it('says the device is offline with the changes kept on it, never a save that cannot finish (issue 16)', async () => {
    const api = stubApi({ 'GET /api/auth/me': () => jsonResponse(200, buildUser({ id: userId })) });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userDb(userId).outbox.bulkAdd([quizOp(1), quizOp(2)]);
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

  it('shows nothing to signed-out visitors', async () => {
    stubApi();
    const { container } = renderWithProviders(<SyncStatusBar />);
    await waitFor(() => expect(screen.queryByTestId('sync-status')).not.toBeInTheDocument());
    expect(container.querySelector('[aria-label="Sync status"]')).toBeNull();
  });
});

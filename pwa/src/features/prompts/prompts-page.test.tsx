import type { PromptCategoryView, PromptLibraryResponse, PublicUser } from '@pd/domain';
import { timings } from '@pd/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogContext } from '../../components/auth-dialog-context';
import { PremiumActionsContext } from '../../components/premium-actions-context';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { PromptsPage } from './prompts-page';

const lessonPlanText =
  'Act as a [grade level] [subject] teacher.\n\nTask: Write a lesson plan on [topic].\nNever include student names.';

function starterTemplates(): PromptCategoryView {
  return {
    id: 'starter-templates',
    title: 'Starter Templates',
    description: 'Five everyday prompts to get you started.',
    category: 'starter-templates',
    isPremium: false,
    order: 1,
    prompts: [
      {
        id: 'quick-lesson-plan',
        title: 'Quick Lesson Plan',
        description: 'Drafts a complete single-lesson plan.',
        category: 'starter-templates',
        locked: false,
        prompt: lessonPlanText,
      },
      {
        id: 'rubric-builder',
        title: 'Rubric Builder',
        description: 'Builds a four-level rubric.',
        category: 'starter-templates',
        locked: false,
        prompt: 'Write a rubric for [assignment].',
      },
    ],
  };
}

function adminCommunication(locked: boolean): PromptCategoryView {
  return {
    id: 'admin-communication',
    title: 'Admin & Communication',
    description: 'Prompts that take the load off the writing around teaching.',
    category: 'admin-communication',
    isPremium: true,
    order: 2,
    prompts: [
      locked
        ? {
            id: 'family-newsletter',
            title: 'Family Newsletter',
            description: 'Turns your notes into a class newsletter.',
            category: 'admin-communication',
            locked: true,
            prompt: null,
          }
        : {
            id: 'family-newsletter',
            title: 'Family Newsletter',
            description: 'Turns your notes into a class newsletter.',
            category: 'admin-communication',
            locked: false,
            prompt: 'Act as a [grade level] teacher writing to families.',
          },
    ],
  };
}

/** The library as the api sends it, out of order on purpose: the page sorts by `order`. */
function library(locked: boolean): PromptLibraryResponse {
  return { categories: [adminCommunication(locked), starterTemplates()] };
}

function stubLibrary(user: PublicUser | null, locked = user === null || user.role === 'free') {
  return stubApi({
    'GET /api/prompts': () => jsonResponse(200, library(locked)),
    ...(user ? { 'GET /api/auth/me': () => jsonResponse(200, user) } : {}),
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PromptsPage', () => {
  it('shows the header, the three steps, and the categories in order with their badges', async () => {
    stubLibrary(buildUser({ role: 'free' }));
    renderWithProviders(<PromptsPage />, { route: '/prompts' });

    expect(screen.getByRole('heading', { level: 1, name: 'Prompt Library' })).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'How to use a prompt' })).getAllByRole(
      'listitem',
    );
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent('Choose a template');
    expect(steps[1]).toHaveTextContent('Copy it');
    expect(steps[2]).toHaveTextContent('[bracketed placeholder]');
    expect(steps[2]).toHaveTextContent('Never include student names or other personal data.');

    const categories = await screen.findAllByRole('heading', { level: 2, name: /Templates|Communication/ });
    expect(categories.map((h) => h.textContent)).toEqual([
      expect.stringContaining('Starter Templates'),
      expect.stringContaining('Admin & Communication'),
    ]);
    expect(within(categories[0]!).getByText('Free')).toBeInTheDocument();
    expect(within(categories[1]!).getByText('Premium')).toBeInTheDocument();
    // The first category is open; the others are collapsed until chosen.
    expect(within(categories[0]!).getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    expect(within(categories[1]!).getByRole('button')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Five everyday prompts to get you started.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Quick Lesson Plan' })).toBeVisible();
  });

  it('copies the prompt text, shows the check for 2 s and the toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubLibrary(null);
    const { user } = renderWithProviders(<PromptsPage />, { route: '/prompts' });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    const button = await screen.findByRole('button', { name: 'Copy prompt: Quick Lesson Plan' });
    expect(within(button).queryByTestId('copied-icon')).not.toBeInTheDocument();
    await user.click(button);

    // The check follows the clipboard's answer and stays 2 s. Timed first, right after it appears
    // (the clock also moves with real time; the toast below loads its code on demand).
    expect(await within(button).findByTestId('copied-icon', {}, { interval: 1 })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(timings.copiedIndicatorMs - 200));
    expect(within(button).getByTestId('copied-icon')).toBeInTheDocument();
    expect(button).toHaveTextContent('Copied');
    // Only the button that was used shows the check.
    expect(
      within(screen.getByRole('button', { name: 'Copy prompt: Rubric Builder' })).queryByTestId(
        'copied-icon',
      ),
    ).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(within(button).queryByTestId('copied-icon')).not.toBeInTheDocument();
    expect(button).toHaveTextContent('Copy');

    expect(writeText).toHaveBeenCalledWith(lessonPlanText);
    await expect(navigator.clipboard.readText()).resolves.toBe(lessonPlanText);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Copied to clipboard');
  });

  it('says so when the clipboard refuses', async () => {
    stubLibrary(null);
    const { user } = renderWithProviders(<PromptsPage />, { route: '/prompts' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Write permission denied.', 'NotAllowedError'),
    );

    const button = await screen.findByRole('button', { name: 'Copy prompt: Quick Lesson Plan' });
    await user.click(button);

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Copy failed');
    expect(toast).toHaveTextContent('Unable to copy to clipboard. Please try again.');
    expect(within(button).queryByTestId('copied-icon')).not.toBeInTheDocument();
  });

  it('locks premium prompts for a free user and offers the upgrade', async () => {
    stubLibrary(buildUser({ role: 'free' }));
    const onUpgrade = vi.fn();
    const { user } = renderWithProviders(
      <PremiumActionsContext.Provider value={{ onUpgrade, onManageSubscription: () => {} }}>
        <PromptsPage />
      </PremiumActionsContext.Provider>,
      { route: '/prompts' },
    );

    await user.click(await screen.findByRole('button', { name: /Admin & Communication/ }));
    const card = screen.getByRole('heading', { level: 3, name: 'Family Newsletter' }).closest('article')!;
    expect(card).toBeVisible();
    expect(within(card).getByText('Turns your notes into a class newsletter.')).toBeInTheDocument();
    expect(within(card).getByText('The prompt text is part of Premium.')).toBeInTheDocument();
    expect(within(card).getAllByTestId('LockIcon').length).toBeGreaterThan(0);
    expect(card.querySelector('pre')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy prompt: Family Newsletter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it('asks an anonymous visitor to sign in for premium prompts', async () => {
    stubLibrary(null);
    const openAuthDialog = vi.fn();
    const { user } = renderWithProviders(
      <AuthDialogContext.Provider value={openAuthDialog}>
        <PromptsPage />
      </AuthDialogContext.Provider>,
      { route: '/prompts' },
    );

    await user.click(await screen.findByRole('button', { name: /Admin & Communication/ }));
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signIn');
  });

  it('shows premium prompt texts to a premium user, with no lock', async () => {
    stubLibrary(buildUser({ role: 'premium' }));
    const { user } = renderWithProviders(<PromptsPage />, { route: '/prompts' });

    await user.click(await screen.findByRole('button', { name: /Admin & Communication/ }));
    expect(screen.getByRole('button', { name: 'Copy prompt: Family Newsletter' })).toBeVisible();
    expect(screen.queryByText('The prompt text is part of Premium.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it('shows a failure with a retry, and the library once the retry succeeds', async () => {
    let fail = true;
    stubApi({
      'GET /api/prompts': () =>
        fail ? jsonResponse(500, { error: 'Internal error' }) : jsonResponse(200, library(true)),
    });
    const { user } = renderWithProviders(<PromptsPage />, { route: '/prompts' });

    expect(await screen.findByText("We couldn't load the Prompt Library")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Starter Templates/ })).toBeInTheDocument();
    expect(screen.queryByText("We couldn't load the Prompt Library")).not.toBeInTheDocument();
  });

  it('words a network failure as being offline', async () => {
    const { fetchMock } = stubApi();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input).startsWith('/api/auth/me')) return jsonResponse(401, { error: 'Please sign in.' });
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<PromptsPage />, { route: '/prompts' });

    expect(await screen.findByText('You seem to be offline')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });
});

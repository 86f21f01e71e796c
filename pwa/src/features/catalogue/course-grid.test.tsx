import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PremiumActionsContext } from '../../components/premium-actions-context';
import { deleteUserDb } from '../../offline/db';
import { buildCourseSummary, buildProgressRecord } from '../../test/course-fixtures';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { CataloguePage } from './catalogue-page';

const freeCourse = buildCourseSummary();
const premiumCourse = buildCourseSummary({
  id: 3,
  slug: 'prompt-engineering',
  title: 'Prompt Engineering',
  isPremium: true,
});
const comingSoonCourse = buildCourseSummary({
  id: 7,
  slug: 'ai-powered-gamified-learning',
  title: 'AI-Powered Gamified Learning',
  isPremium: true,
  isComingSoon: true,
});

let userNumber = 0;
let userId = '';

function renderCatalogue(role: 'free' | 'premium' | 'superadmin' | null, progress = [] as unknown[]) {
  userId = `cat${++userNumber}`;
  stubApi({
    ...(role ? { 'GET /api/auth/me': () => jsonResponse(200, buildUser({ id: userId, role })) } : {}),
    'GET /api/content/catalogue': () =>
      jsonResponse(200, { courses: [freeCourse, premiumCourse, comingSoonCourse] }),
    'GET /api/progress': () => jsonResponse(200, progress),
  });
  const onUpgrade = vi.fn();
  const utils = renderWithProviders(
    <PremiumActionsContext.Provider value={{ onUpgrade, onManageSubscription: vi.fn() }}>
      <CataloguePage />
    </PremiumActionsContext.Provider>,
  );
  return { ...utils, onUpgrade };
}

async function card(title: string) {
  return (await screen.findByRole('article', { name: title })) as HTMLElement;
}

afterEach(() => deleteUserDb(userId));

describe('catalogue course cards', () => {
  it('shows every card with its badges, duration, label and progress block', async () => {
    renderCatalogue('premium', [buildProgressRecord(freeCourse.slug, 1)]);
    expect(screen.getByRole('heading', { level: 1, name: 'Available Courses' })).toBeInTheDocument();
    const free = await card('AI Tools Beyond ChatGPT');
    await waitFor(() => expect(within(free).getByText('1/3 modules')).toBeInTheDocument());
    expect(within(free).getByText('33% complete')).toBeInTheDocument();
    expect(within(free).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(within(free).getByText('30 Minutes')).toBeInTheDocument();
    expect(within(free).getByText('Professional Development')).toBeInTheDocument();
    expect(within(free).queryByText('Premium')).not.toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Continue Course' })).toHaveAttribute(
      'href',
      '/ai-tools-beyond-chatgpt',
    );

    const premium = await card('Prompt Engineering');
    expect(within(premium).getByText('Premium')).toBeInTheDocument();
    expect(within(premium).getByText('0/3 modules')).toBeInTheDocument();
    expect(within(premium).getByText('0% complete')).toBeInTheDocument();
    expect(within(premium).getByRole('link', { name: 'Start Course' })).toHaveAttribute(
      'href',
      '/prompt-engineering',
    );

    const soon = await card('AI-Powered Gamified Learning');
    // The badge and the disabled button.
    expect(within(soon).getAllByText('Coming Soon')).toHaveLength(2);
    expect(within(soon).queryByText('Premium')).not.toBeInTheDocument();
  });

  it('says Review Course at 100%', async () => {
    renderCatalogue(
      'free',
      [1, 2, 3].map((id) => buildProgressRecord(freeCourse.slug, id)),
    );
    const free = await card('AI Tools Beyond ChatGPT');
    await waitFor(() => expect(within(free).getByText('100% complete')).toBeInTheDocument());
    expect(within(free).getByRole('link', { name: 'Review Course' })).toBeInTheDocument();
  });

  it('dims a premium course for a free teacher; its button opens the upgrade dialog', async () => {
    const { user, onUpgrade } = renderCatalogue('free');
    const premium = await card('Prompt Engineering');
    expect(premium).toHaveAttribute('data-state', 'locked');
    await user.click(within(premium).getByRole('button', { name: 'Requires Premium' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    expect(await card('AI Tools Beyond ChatGPT')).toHaveAttribute('data-state', 'open');
  });

  it('disables a coming-soon course with a tooltip that works on the disabled button', async () => {
    const { user } = renderCatalogue('premium');
    // The cards follow the signed-in user in a deferred render: hover once they show the premium state.
    await screen.findByText(/Your Premium access opens every course/);
    const soon = await card('AI-Powered Gamified Learning');
    const button = () => within(soon).getByRole('button', { name: 'Coming Soon' });
    expect(button()).toBeDisabled();
    // The tooltip's code comes once the page is up (kept off the first load; on a busy CI machine the
    // first dynamic import can take seconds). MUI's tooltip then describes the span it sits on.
    await waitFor(
      () =>
        expect(button().parentElement).toHaveAttribute('title', 'This course is currently in development'),
      { timeout: 10_000 },
    );
    await user.hover(button().parentElement!);
    expect(await screen.findByRole('tooltip', {}, { timeout: 5_000 })).toHaveTextContent(
      'This course is currently in development',
    );
  });

  it('opens coming-soon courses to a superadmin as a preview', async () => {
    renderCatalogue('superadmin');
    const soon = await card('AI-Powered Gamified Learning');
    expect(soon).toHaveAttribute('data-state', 'preview');
    expect(within(soon).getByRole('link', { name: 'Preview Course (Super Admin)' })).toHaveAttribute(
      'href',
      '/ai-powered-gamified-learning',
    );
  });

  it('shows a signed-out visitor each card as a free teacher sees it (issue 16)', async () => {
    const { user, onUpgrade } = renderCatalogue(null);
    const premium = await card('Prompt Engineering');
    expect(premium).toHaveAttribute('data-state', 'locked');
    expect(within(premium).queryByRole('link', { name: 'Start Course' })).not.toBeInTheDocument();
    await user.click(within(premium).getByRole('button', { name: 'Requires Premium' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    const free = await card('AI Tools Beyond ChatGPT');
    expect(within(free).getByRole('link', { name: 'Start Course' })).toHaveAttribute(
      'href',
      '/ai-tools-beyond-chatgpt',
    );
    const soon = await card('AI-Powered Gamified Learning');
    expect(within(soon).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  });
});

import type { PublicUser, Template } from '@pd/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PremiumActionsContext } from '../../components/premium-actions-context';
import { deleteUserDb, userDb } from '../../offline/db';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { ModuleTemplates } from './module-templates';
import { TemplatePage } from './template-page';
import { TemplatesPage } from './templates-page';

const norms: Template = {
  slug: 'team-norms',
  title: 'Team Norms for AI Use',
  description: 'A sheet to agree team norms.',
  usedIn: ['ai-readiness-workshop-part-1/5'],
  markdown: [
    '## Our norms',
    '',
    '| # | We will (or will not)... |',
    '| --- | --- |',
    '| 1 | |',
    '',
    '- [ ] We read the district policy',
    '',
    '**Facilitator:** ______',
  ].join('\n'),
};
const pilotLog: Template = {
  ...norms,
  slug: 'pilot-log',
  title: 'Pilot Log',
  description: 'A weekly log.',
  usedIn: ['ai-readiness-workshop-part-2/1'],
};
const summary = ({ slug, title, description, usedIn }: Template) => ({ slug, title, description, usedIn });

let users: PublicUser[] = [];
let count = 0;
function teacher(role: PublicUser['role']): PublicUser {
  const user = buildUser({ id: `templates-${++count}`, role });
  users.push(user);
  return user;
}
afterEach(async () => {
  for (const user of users) await deleteUserDb(user.id);
  users = [];
});

function stub(user: PublicUser) {
  const premium = user.role !== 'free';
  return stubApi({
    'GET /api/auth/me': () => jsonResponse(200, user),
    'GET /api/templates': () => jsonResponse(200, { templates: [summary(pilotLog), summary(norms)] }),
    'GET /api/templates/team-norms': () =>
      premium
        ? jsonResponse(200, { template: norms })
        : jsonResponse(403, {
            error: '"Team Norms for AI Use" is available to premium subscribers only.',
            code: 'PREMIUM_REQUIRED',
          }),
  });
}

describe('TemplatePage', () => {
  it('shows a premium teacher the template to read, with Print and Download, and keeps it on the device', async () => {
    const user = teacher('premium');
    stub(user);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user: events } = renderWithProviders(<TemplatePage />, {
      route: '/templates/team-norms',
      path: '/templates/:slug',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Norms for AI Use' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Our norms' })).toBeVisible();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'We will (or will not)...' })).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Facilitator:').tagName).toBe('STRONG');
    expect(screen.getByText('We read the district policy').closest('li')).toHaveClass('check');

    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/templates/team-norms/download');
    expect(download).toHaveAttribute('download', 'team-norms.html');
    await events.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    // The print stylesheet hides the site's header and footer and prints black on white.
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(
      /@media print\{[^}]*header,footer,nav,\[data-no-print\]\{display:none ?!important;?\}/,
    );
    expect(css).toMatch(/background:#fff ?!important;color:#000 ?!important/);
    expect((await userDb(user.id).templates.get('team-norms'))?.template).toEqual(norms);
    vi.unstubAllGlobals();
  });

  it('shows a free teacher the premium gate, with no template text', async () => {
    const onUpgrade = vi.fn();
    stub(teacher('free'));
    const { user: events } = renderWithProviders(
      <PremiumActionsContext.Provider value={{ onUpgrade, onManageSubscription: vi.fn() }}>
        <TemplatePage />
      </PremiumActionsContext.Provider>,
      { route: '/templates/team-norms', path: '/templates/:slug' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Template' })).toBeVisible();
    expect(
      screen.getByText('"Team Norms for AI Use" is available to premium subscribers only.'),
    ).toBeVisible();
    expect(screen.queryByText('Our norms')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });
});

describe('TemplatesPage and the module box', () => {
  it('lists every template, marked premium for a free teacher', async () => {
    stub(teacher('free'));
    renderWithProviders(<TemplatesPage />, { route: '/templates', path: '/templates' });
    const link = await screen.findByRole('link', { name: 'Team Norms for AI Use' });
    expect(link).toHaveAttribute('href', '/templates/team-norms');
    expect(screen.getByRole('link', { name: 'Pilot Log' })).toHaveAttribute('href', '/templates/pilot-log');
    expect(screen.getAllByText('Premium')).toHaveLength(2);
  });

  it('links a module to the templates whose usedIn names it, and shows nothing on other modules', async () => {
    stub(teacher('premium'));
    // Both boxes read the same list: once one shows, the other has its answer too.
    renderWithProviders(
      <>
        <ModuleTemplates courseSlug="ai-readiness-workshop-part-1" moduleId={5} />
        <ModuleTemplates courseSlug="ai-readiness-workshop-part-1" moduleId={4} />
      </>,
    );
    const box = await screen.findByRole('complementary', { name: 'Templates for this module' });
    expect(within(box).getByRole('link', { name: 'Team Norms for AI Use' })).toHaveAttribute(
      'href',
      '/templates/team-norms',
    );
    expect(within(box).queryByRole('link', { name: 'Pilot Log' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('complementary')).toHaveLength(1);
  });
});

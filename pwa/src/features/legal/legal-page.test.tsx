import type { LegalPageResponse } from '@pd/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { formatLegalDate, PrivacyPage, TermsPage } from './legal-page';

const terms: LegalPageResponse = {
  page: 'terms',
  title: 'Terms of Service',
  lastUpdated: '2025-07-03',
  markdown:
    'These terms are an agreement.\n\n## 1. Who can use the service\n\n- Educators\n\nSee our [Privacy Policy](/privacy).',
};

describe('LegalPage', () => {
  it('renders the terms: title, last updated date and the Markdown body', async () => {
    stubApi({ 'GET /api/content/legal/terms': () => jsonResponse(200, terms) });
    renderWithProviders(<TermsPage />, { route: '/terms' });

    expect(await screen.findByText('July 3, 2025')).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated July 3, 2025');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1. Who can use the service' })).toBeInTheDocument();
    expect(screen.getByText('These terms are an agreement.')).toBeInTheDocument();
    // It stands alone (opened in a new tab): links to the other page and home, not "back".
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/^Terms of Service \|/);
  });

  it('renders the privacy policy, titled while it loads', async () => {
    const answer = deferred<Response>();
    stubApi({ 'GET /api/content/legal/privacy': () => answer.promise });
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Loading')).toBeInTheDocument();
    answer.resolve(
      jsonResponse(200, {
        page: 'privacy',
        title: 'Privacy Policy',
        lastUpdated: '2026-11-21',
        markdown: 'We keep only what we need about you, the teacher.',
      } satisfies LegalPageResponse),
    );
    expect(await screen.findByText('November 21, 2026')).toBeInTheDocument();
    expect(screen.getByText('We keep only what we need about you, the teacher.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  it('shows a failure with a retry button', async () => {
    stubApi({ 'GET /api/content/legal/terms': () => jsonResponse(500, {}) });
    renderWithProviders(<TermsPage />, { route: '/terms' });
    expect(await screen.findByText("We couldn't load the Terms of Service")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('formats the date in UTC whatever the time zone', () => {
    expect(formatLegalDate('2025-01-01')).toBe('January 1, 2025');
    expect(formatLegalDate('2025-12-31')).toBe('December 31, 2025');
  });
});

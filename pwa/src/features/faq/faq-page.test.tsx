import type { FaqResponse } from '@pd/domain';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { reply, stubEndpoints } from '../../test/stub-api';
import { FaqPage } from './faq-page';

/** The six sections of spec section 3 (content/src/catalogue.ts), with one or two questions each. */
const sections = [
  { id: 'general', title: 'General' },
  { id: 'payments-billing', title: 'Payments & Billing' },
  { id: 'account-access', title: 'Account & Access' },
  { id: 'courses-content', title: 'Courses & Content' },
  { id: 'technical-support', title: 'Technical Support' },
  { id: 'admin-group-licenses', title: 'Admin & Group Licenses' },
];
const faq: FaqResponse = {
  sections: sections.map(({ id, title }) => ({
    id,
    title,
    items:
      id === 'payments-billing'
        ? [
            {
              question: 'How much does Premium cost?',
              answer:
                'Premium is **$30 every 3 months** or **$99 per year**.\n\n- Cancel anytime\n- See the [Terms of Service](/terms).',
            },
            { question: 'Can I get a refund?', answer: 'Yes, within 30 days.' },
          ]
        : [{ question: `A question about ${title}?`, answer: `An answer about ${title}.` }],
  })),
};

describe('FaqPage', () => {
  it('renders the six sections and expands a question to its Markdown answer', async () => {
    const api = stubEndpoints({ 'GET /api/content/faq': () => faq });
    const { user } = renderWithProviders(<FaqPage />, { route: '/faq' });

    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: /^General/ });
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(sections.map((h) => within(h).getByRole('button').textContent)).toEqual([
      'General1 question',
      'Payments & Billing2 questions',
      'Account & Access1 question',
      'Courses & Content1 question',
      'Technical Support1 question',
      'Admin & Group Licenses1 question',
    ]);
    expect(api.calls('GET /api/content/faq')).toHaveLength(1);

    const payments = within(sections[1]!).getByRole('button');
    expect(payments).toHaveAttribute('aria-expanded', 'false');
    await user.click(payments);
    expect(payments).toHaveAttribute('aria-expanded', 'true');

    const paymentsPanel = document.getElementById(payments.getAttribute('aria-controls')!)!;
    const question = within(paymentsPanel).getByRole('button', { name: 'How much does Premium cost?' });
    expect(question.closest('h3')).not.toBeNull();
    expect(screen.queryByText('$30 every 3 months')).not.toBeInTheDocument();
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(answer).toHaveAttribute('role', 'region');
    expect(within(answer).getByText('$30 every 3 months').tagName).toBe('STRONG');
    expect(within(answer).getAllByRole('listitem')).toHaveLength(2);
    expect(within(answer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  it('shows a failure with a retry button', async () => {
    stubEndpoints({ 'GET /api/content/faq': () => reply(503, { error: 'Try again shortly.' }) });
    renderWithProviders(<FaqPage />, { route: '/faq' });

    expect(await screen.findByText("We couldn't load the FAQ")).toBeInTheDocument();
    expect(screen.getByText('Try again shortly.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });

  it('waits for the connection while offline, then loads by itself', async () => {
    const api = stubEndpoints({ 'GET /api/content/faq': () => faq });
    onlineManager.setOnline(false);
    try {
      renderWithProviders(<FaqPage />, { route: '/faq' });
      expect(await screen.findByText("You're offline")).toBeInTheDocument();
      expect(api.calls('GET /api/content/faq')).toHaveLength(0);
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByRole('heading', { level: 2, name: /^General/ })).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

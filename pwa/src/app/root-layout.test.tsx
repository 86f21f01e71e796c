import { brand, copyrightLine } from '@pd/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../test/render';
import { RootLayout } from './root-layout';

describe('RootLayout', () => {
  it('has a skip link, header, main and footer with the spec links', async () => {
    stubApi();
    renderWithProviders(<RootLayout />);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: brand.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${brand.supportEmail}`,
    );
    expect(within(footer).getByText(copyrightLine)).toBeInTheDocument();
    const company = screen.getByRole('link', { name: new RegExp(brand.companyName) });
    expect(company).toHaveAttribute('href', brand.companyUrl);
    expect(company).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Prompt Library' })).toHaveAttribute('href', '/prompts');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('opens the Leave Learning Platform? dialog from the footer logo', async () => {
    stubApi();
    const { user } = renderWithProviders(<RootLayout />);
    await user.click(screen.getByRole('button', { name: /logo/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Learning Platform?' });
    expect(dialog).toHaveTextContent(
      'You are about to leave the Learning Platform and go to the company website. Any unsaved progress will remain saved.',
    );
    const go = within(dialog).getByRole('link', { name: 'Go to Website' });
    expect(go).toHaveAttribute('href', brand.companyUrl);
    expect(go).toHaveAttribute('target', '_blank');
    await user.click(within(dialog).getByRole('button', { name: 'Stay Here' }));
    await waitForGone();
  });
});

async function waitForGone() {
  const { waitForElementToBeRemoved } = await import('@testing-library/react');
  const dialog = screen.queryByRole('dialog');
  if (dialog) await waitForElementToBeRemoved(dialog);
}

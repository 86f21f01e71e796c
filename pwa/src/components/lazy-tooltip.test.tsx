import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './lazy-tooltip';

// The page is never 'up' here: the tooltip's code is loaded by the hover or focus itself (unless an
// earlier test file of this worker loaded it: the files share a module graph, decision 032).
vi.mock('./after-first-screen', () => ({ useAfterFirstScreen: () => false }));

const renderComingSoon = () =>
  render(
    <LazyTooltip title="This course is currently in development" describeChild>
      <span tabIndex={0}>Coming Soon</span>
    </LazyTooltip>,
  );

describe('a tooltip whose code is not in the first load', () => {
  it('opens when hovered, its code loaded by the hover if it was not yet', async () => {
    const user = userEvent.setup();
    renderComingSoon();
    await user.hover(screen.getByText('Coming Soon'));
    // The hover asked for the tooltip's code; once it is here the tooltip is drawn open at once.
    await import('./loaded-tooltip');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('This course is currently in development');
  });

  it('keeps the focus its child was given, its code loaded by the focus if it was not yet', async () => {
    const user = userEvent.setup();
    renderComingSoon();
    await user.tab();
    await import('./loaded-tooltip');
    // The span drawn by the tooltip's code (which describes it) holds the focus the first one had.
    await waitFor(() =>
      expect(screen.getByText('Coming Soon')).toHaveAttribute(
        'title',
        'This course is currently in development',
      ),
    );
    expect(screen.getByText('Coming Soon')).toHaveFocus();
  });
});

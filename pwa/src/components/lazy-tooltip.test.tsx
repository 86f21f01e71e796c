import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LazyTooltip as LazyTooltipType } from './lazy-tooltip';
import { LoadedTooltip } from './loaded-tooltip';

// The page is never 'up' here: the tooltip's code is loaded by the hover or focus itself.
vi.mock('./after-first-screen', () => ({ useAfterFirstScreen: () => false }));

const title = 'This course is currently in development';

/**
 * A fresh copy of lazy-tooltip.tsx, with no tooltip code loaded yet and the mock above in place:
 * the files of a worker share one module graph (decision 032), and an earlier file may have loaded
 * the tooltip's code or put its page 'up'.
 */
let LazyTooltip: typeof LazyTooltipType;
beforeEach(async () => {
  vi.resetModules();
  ({ LazyTooltip } = await import('./lazy-tooltip'));
});

const renderComingSoon = () =>
  render(
    <LazyTooltip title={title} describeChild>
      <span tabIndex={0}>Coming Soon</span>
    </LazyTooltip>,
  );

describe('a tooltip whose code is not in the first load', () => {
  it('draws the child at once, without the tooltip’s code', () => {
    renderComingSoon();
    expect(screen.getByText('Coming Soon')).not.toHaveAttribute('title');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens when hovered, its code loaded by the hover', async () => {
    const user = userEvent.setup();
    renderComingSoon();
    await user.hover(screen.getByText('Coming Soon'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(title);
  });

  it('keeps the focus its child was given, its code loaded by the focus', async () => {
    const user = userEvent.setup();
    renderComingSoon();
    await user.tab();
    // The span drawn by the tooltip's code (which describes it) holds the focus the first one had.
    await screen.findByTitle(title);
    expect(screen.getByText('Coming Soon')).toHaveFocus();
  });
});

describe('the loaded tooltip', () => {
  it('starts open when a hover arrived while its code was loading, and closes when the pointer leaves', async () => {
    const user = userEvent.setup();
    render(
      <LoadedTooltip title={title} replay="hover">
        <span>Coming Soon</span>
      </LoadedTooltip>,
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent(title);
    await user.unhover(screen.getByText('Coming Soon'));
    await user.hover(screen.getByText('Coming Soon'));
    await user.unhover(screen.getByText('Coming Soon'));
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('starts closed without a hover', () => {
    render(
      <LoadedTooltip title={title} replay={null}>
        <span>Coming Soon</span>
      </LoadedTooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

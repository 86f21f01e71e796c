import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './use-after-paint';

function Probe({ ready }: { ready?: boolean }) {
  return <p>{useAfterPaint(ready) ? 'painted' : 'first'}</p>;
}

describe('useAfterPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('is false on the first render and true once a frame has been painted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    render(<Probe />);
    expect(screen.getByText('first')).toBeInTheDocument();
    await act(async () => vi.advanceTimersToNextFrame());
    expect(screen.getByText('first')).toBeInTheDocument();
    await act(async () => vi.runOnlyPendingTimers());
    expect(screen.getByText('painted')).toBeInTheDocument();
  });

  it('waits for a render where it is ready', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { rerender } = render(<Probe ready={false} />);
    await act(async () => {
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('first')).toBeInTheDocument();
    rerender(<Probe ready />);
    await act(async () => {
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('painted')).toBeInTheDocument();
    // Stays true.
    rerender(<Probe ready={false} />);
    expect(screen.getByText('painted')).toBeInTheDocument();
  });
});

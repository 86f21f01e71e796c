import { predrawnId } from '@pd/domain';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoadingScreen } from '../components/loading-screen';
import { useReleasePredrawn } from './predrawn';

/** The lesson the service worker drew, before the root (decision 070). */
function drawLesson() {
  const drawn = document.createElement('div');
  drawn.id = predrawnId;
  drawn.innerHTML = '<h1>What Generative AI Is</h1><div class="markdown"><p>Lesson</p></div>';
  document.body.prepend(drawn);
}

const drawnLesson = () => document.getElementById(predrawnId);

/** A layout as the app's root: releases the drawn lesson unless a loading screen is on. */
function Layout({ page }: { page: 'loading' | 'loading-again' | 'lesson' }) {
  useReleasePredrawn();
  if (page === 'loading') return <LoadingScreen />;
  // Another loading screen in another place: the first unmounts as the second mounts.
  if (page === 'loading-again')
    return (
      <section>
        <LoadingScreen label="Loading module" />
      </section>
    );
  return <h1>The app’s lesson</h1>;
}

/** Lets the microtask that follows a commit run. */
const afterCommit = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('the lesson drawn by the service worker', () => {
  beforeEach(drawLesson);
  afterEach(() => drawnLesson()?.remove());

  it('stays while the app shows loading screens, even from one to the next, and goes with the page', async () => {
    const { rerender } = render(<Layout page="loading" />);
    await afterCommit();
    expect(drawnLesson()).not.toBeNull();

    rerender(<Layout page="loading-again" />);
    await afterCommit();
    expect(drawnLesson()).not.toBeNull();

    rerender(<Layout page="lesson" />);
    await afterCommit();
    expect(drawnLesson()).toBeNull();
    expect(screen.getByRole('heading', { name: 'The app’s lesson' })).toBeInTheDocument();
  });

  it('goes at once when the first thing the app draws is a page', async () => {
    render(<Layout page="lesson" />);
    await afterCommit();
    expect(drawnLesson()).toBeNull();
  });
});

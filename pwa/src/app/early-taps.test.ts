import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyTaps, replayEarlyTaps } from './early-taps';

afterEach(() => {
  replayEarlyTaps();
  document.body.innerHTML = '';
});

describe('taps before the app has started', () => {
  it('are tapped again, once per button, when the app listens; links and later taps are left alone', () => {
    document.body.innerHTML =
      '<button id="sign-in"><span id="label">Sign In</span></button><button id="gone">Gone</button><a id="link" href="#x">Link</a>';
    const taps: string[] = [];
    holdEarlyTaps();
    document.getElementById('label')!.click();
    document.getElementById('sign-in')!.click();
    document.getElementById('gone')!.click();
    document.getElementById('link')!.click();
    document.getElementById('gone')!.remove();

    // The app starts listening (as React does in hydrateRoot), then gets the held taps.
    document.addEventListener('click', (event) => taps.push((event.target as Element).id));
    replayEarlyTaps();
    expect(taps).toEqual(['sign-in']);

    // From now on taps reach the app directly, and nothing is held any more.
    document.getElementById('sign-in')!.click();
    replayEarlyTaps();
    expect(taps).toEqual(['sign-in', 'sign-in']);
  });
});

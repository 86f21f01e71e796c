import { afterEach, describe, expect, it, vi } from 'vitest';
import { markDirty } from '../lib/dirty-forms';
import { installPageReloadRules } from './page-reload-rules';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('page reload rules (spec section 2)', () => {
  let dispose: (() => void) | undefined;
  afterEach(() => {
    dispose?.();
    markDirty('test-form', false);
    setVisibility('visible');
  });

  function install() {
    let time = 1_000_000;
    const reload = vi.fn();
    const rules = installPageReloadRules({ reload, now: () => time });
    dispose = rules.dispose;
    return { reload, rules, advance: (ms: number) => (time += ms) };
  }

  it('reloads on a back-forward cache restore', () => {
    const { reload } = install();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads when the tab comes back after more than 30 s hidden, not before', () => {
    const { reload, advance } = install();
    setVisibility('hidden');
    advance(30_000);
    setVisibility('visible');
    expect(reload).not.toHaveBeenCalled();
    setVisibility('hidden');
    advance(30_001);
    window.dispatchEvent(new Event('focus'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads on history-back more than 5 s after the last navigation', () => {
    const { reload, rules, advance } = install();
    advance(4_000);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reload).not.toHaveBeenCalled();
    advance(3_000);
    rules.markNavigation();
    advance(5_001);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('never reloads while a form holds unsaved input', () => {
    const { reload, advance } = install();
    markDirty('test-form', true);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    advance(10_000);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reload).not.toHaveBeenCalled();
  });
});

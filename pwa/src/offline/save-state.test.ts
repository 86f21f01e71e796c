import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setProgressSaveState, useProgressSaveState } from './save-state';

// The flags live in the module (one per tab): each test starts from the resting state.
beforeEach(() => setProgressSaveState({ saving: false, error: null }));
afterEach(() => setProgressSaveState({ saving: false, error: null }));

describe('the progress save flags', () => {
  it('wake the screens reading them when they change, and only then', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useProgressSaveState();
    });
    const first = renders;
    act(() => setProgressSaveState({ saving: false, error: null }));
    expect(renders).toBe(first);
    act(() => setProgressSaveState({ saving: true }));
    expect(result.current).toEqual({ saving: true, error: null });
    expect(renders).toBe(first + 1);
    act(() => setProgressSaveState({ saving: true }));
    expect(renders).toBe(first + 1);
  });
});

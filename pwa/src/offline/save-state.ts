import type { progressMessages } from '@pd/domain';
import { useSyncExternalStore } from 'react';

/** The progress-saving flags of spec section 4, shared by every screen of the tab. */
export interface ProgressSaveState {
  saving: boolean;
  error: typeof progressMessages.connectionIssues | null;
}

let state: ProgressSaveState = { saving: false, error: null };
const listeners = new Set<() => void>();

export function getProgressSaveState(): ProgressSaveState {
  return state;
}

export function setProgressSaveState(next: Partial<ProgressSaveState>): void {
  // Unchanged flags wake nobody: every screen reading them would draw again for nothing.
  if (Object.entries(next).every(([key, value]) => state[key as keyof ProgressSaveState] === value)) return;
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** {saving, error: 'Connection issues detected' | null}; the error clears on the next successful save. */
export function useProgressSaveState(): ProgressSaveState {
  return useSyncExternalStore(subscribe, getProgressSaveState, getProgressSaveState);
}

/** Spec section 9 timings are longer on phones. */
export function isMobileDevice(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(max-width: 767px)').matches;
}

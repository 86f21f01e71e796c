import { createContext, useContext } from 'react';

export type AuthDialogMode = 'signIn' | 'signUp';

/** Opens the Sign In / Create Account dialog from anywhere (provided by the app shell). */
export const AuthDialogContext = createContext<(mode: AuthDialogMode) => void>(() => {});

export function useOpenAuthDialog(): (mode: AuthDialogMode) => void {
  return useContext(AuthDialogContext);
}

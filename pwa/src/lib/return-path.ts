import { returnPath } from '@pd/domain';
import { useLocation } from 'react-router-dom';

/** The router state of a page that sent a signed-out visitor elsewhere: the page they asked for. */
export interface ReturnState {
  from: string;
}

/**
 * The page to go back to once the visitor has signed in or signed up (issue 16): the one a guard
 * kept in the router state (`{ from }`) or the `next` of the address (the verification link's
 * redirect), only when it is a page of this app (`returnPath` of the domain).
 */
export function useReturnPath(): string | undefined {
  const location = useLocation();
  const state: unknown = location.state;
  const from = typeof state === 'object' && state !== null ? (state as Partial<ReturnState>).from : undefined;
  return returnPath(from) ?? returnPath(new URLSearchParams(location.search).get('next'));
}

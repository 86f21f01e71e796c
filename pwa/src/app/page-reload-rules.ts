import { timings } from '@pd/domain';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { hasDirtyForms } from '../lib/dirty-forms';

export interface PageReloadOptions {
  reload?: () => void;
  now?: () => number;
  /** Never reload while a form or quiz holds unsaved input. */
  canReload?: () => boolean;
}

/**
 * The page-reload rules of spec section 2: reload when the page comes back from the
 * back-forward cache, when the tab regains focus after more than 30 s hidden, and on a
 * history-back (popstate) more than 5 s after the last navigation.
 */
export function installPageReloadRules({
  reload = () => window.location.reload(),
  now = Date.now,
  canReload = () => !hasDirtyForms(),
}: PageReloadOptions = {}) {
  let hiddenAt: number | null = document.visibilityState === 'hidden' ? now() : null;
  let lastNavigationAt = now();

  const tryReload = () => {
    if (canReload()) reload();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) tryReload();
  };
  const checkHidden = () => {
    if (hiddenAt === null) return;
    const hiddenFor = now() - hiddenAt;
    hiddenAt = null;
    if (hiddenFor > timings.reloadAfterHiddenMs) tryReload();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') hiddenAt = now();
    else checkHidden();
  };
  const onPopState = () => {
    const elapsed = now() - lastNavigationAt;
    lastNavigationAt = now();
    if (elapsed > timings.reloadAfterPopstateMs) tryReload();
  };

  window.addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', checkHidden);
  window.addEventListener('popstate', onPopState);
  return {
    markNavigation: () => {
      lastNavigationAt = now();
    },
    dispose: () => {
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', checkHidden);
      window.removeEventListener('popstate', onPopState);
    },
  };
}

export function usePageReloadRules(options?: PageReloadOptions): void {
  const location = useLocation();
  const rules = useRef<ReturnType<typeof installPageReloadRules> | null>(null);
  useEffect(() => {
    rules.current = installPageReloadRules(options);
    return () => rules.current?.dispose();
    // Installed once; options are read at install time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    rules.current?.markNavigation();
  }, [location.key]);
}

/** Scrolls to the top after a path change (course and module routes start at the top). */
export function useScrollToTopOnPathChange(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const id = window.setTimeout(() => window.scrollTo({ top: 0 }), timings.scrollToTopDelayMs);
    return () => window.clearTimeout(id);
  }, [pathname]);
}

import { analyticsLimits, milestoneReached } from '@pd/domain';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { captureAttribution, firstTouchAttribution } from './attribution';
import { isFirstVisit, sendQueuedAnalytics, setAnalyticsPath, track } from './analytics';

/** How often the tracker sends the queue while the page is open (the sync engine's drain sends too). */
export const analyticsSendIntervalMs = 30_000;
const sessionStartedKey = 'pd-analytics-started';
const milestoneKey = 'pd-analytics-milestone';

/**
 * The page-view tracker (spec section 2, issue 15): a page view on every path change, and the
 * seconds the previous page was *visible* (not merely open) when the path changes or the page is
 * hidden. The 5-minute milestone counts the visible seconds of the page session (checked every 60 s).
 * `now` and `visible` are injected (tests).
 */
export class PageTracker {
  private path: string | null = null;
  private visibleMs = 0;
  private visibleSince: number | null = null;
  private sessionVisibleMs = 0;

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly visible: () => boolean = () => document.visibilityState === 'visible',
  ) {}

  /** A new path (or the first one): reports the previous page's visible seconds, then the view. */
  pathChanged(location: { pathname: string; search: string }, referrer = ''): void {
    if (location.pathname === this.path) return;
    this.reportTime();
    const first = this.path === null;
    this.path = location.pathname;
    setAnalyticsPath(location.pathname);
    const { attribution } = captureAttribution(location, first ? referrer : '');
    if (first) this.startSession(attribution);
    this.visibleMs = 0;
    this.visibleSince = this.visible() ? this.now() : null;
    void track('page_view', {}, { path: location.pathname });
  }

  private startSession(attribution: ReturnType<typeof captureAttribution>['attribution']): void {
    try {
      if (sessionStorage.getItem(sessionStartedKey)) return;
      sessionStorage.setItem(sessionStartedKey, '1');
    } catch {
      // No storage: count the session on every load.
    }
    const firstVisit = isFirstVisit();
    void track('session_started', { attribution, firstTouch: firstTouchAttribution() ?? attribution });
    if (firstVisit) void track('first_visit', {});
  }

  /** The page was hidden or shown: a hide reports the visible time so far (the tab may never return). */
  visibilityChanged(): void {
    if (this.visible()) {
      this.visibleSince ??= this.now();
      return;
    }
    this.reportTime();
  }

  /** Visible seconds of the page session; fires the milestone once at 300 s. */
  checkMilestone(): void {
    const seconds = Math.round((this.sessionVisibleMs + this.openVisibleMs()) / 1000);
    if (!milestoneReached(seconds)) return;
    try {
      if (sessionStorage.getItem(milestoneKey)) return;
      sessionStorage.setItem(milestoneKey, '1');
    } catch {
      return;
    }
    void track('time_milestone', { seconds, value: analyticsLimits.milestoneValue });
  }

  private openVisibleMs(): number {
    return this.visibleSince === null ? 0 : this.now() - this.visibleSince;
  }

  private reportTime(): void {
    if (this.path === null) return;
    const ms = this.visibleMs + this.openVisibleMs();
    this.sessionVisibleMs += this.openVisibleMs();
    this.visibleMs = 0;
    this.visibleSince = null;
    const seconds = Math.round(ms / 1000);
    if (seconds > 0) void track('time_on_page', { seconds }, { path: this.path });
  }
}

/** Mounted once after the first screen (root layout): tracks pages and sends the queue. */
export function useAnalyticsTracker(): void {
  const location = useLocation();
  const tracker = useRef<PageTracker | null>(null);
  tracker.current ??= new PageTracker();

  useEffect(() => {
    tracker.current?.pathChanged(location, document.referrer);
  }, [location]);

  useEffect(() => {
    const t = tracker.current as PageTracker;
    const onVisibility = () => {
      t.visibilityChanged();
      if (document.visibilityState === 'hidden') void sendQueuedAnalytics({ keepalive: true });
      else void sendQueuedAnalytics();
    };
    const onHide = () => {
      t.visibilityChanged();
      void sendQueuedAnalytics({ keepalive: true });
    };
    const onOnline = () => void sendQueuedAnalytics();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('online', onOnline);
    const milestone = setInterval(() => t.checkMilestone(), analyticsLimits.milestoneCheckMs);
    const sender = setInterval(() => void sendQueuedAnalytics(), analyticsSendIntervalMs);
    void sendQueuedAnalytics();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('online', onOnline);
      clearInterval(milestone);
      clearInterval(sender);
    };
  }, []);
}

// @vitest-environment jsdom-api
import { renderHook, waitFor } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyticsLimits, type AnalyticsEventName } from '@pd/domain';
import { setupRealApi } from '../test/real-api';
import {
  analyticsQueue,
  captureAttribution,
  pageSessionId,
  recentEvents,
  recordFeatureDiscovered,
  recordModuleStarted,
  recordPurchase,
  recordQuizSubmitted,
  sendQueuedAnalytics,
  sessionAttribution,
  track,
} from './analytics';
import { PageTracker, useAnalyticsTracker } from './analytics-tracker';
import { emptyProgress, userDb } from './db';
import { rememberProfile } from './profile';

/** The device's analytics queue and tracker against the real api (src/test/real-api.ts). */
const api = setupRealApi();

type Stored = {
  id: string;
  name: string;
  path: string;
  user_id: string | null;
  props: Record<string, unknown>;
};
async function serverEvents(): Promise<Stored[]> {
  const result = await api.app.db.execute(
    sql`SELECT id, name, path, user_id, props FROM analytics_events ORDER BY occurred_at, name`,
  );
  return (result as unknown as { rows: Stored[] }).rows;
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await analyticsQueue().events.clear();
  await api.app.db.execute(sql`DELETE FROM analytics_events`);
});
afterEach(() => api.network.restore());

describe('the analytics queue', () => {
  it('queues while offline, survives a reload, and goes out in order once online', async () => {
    api.network.fail('offline', { times: Infinity });
    await track('faq_visit', {}, { path: '/faq', at: new Date(Date.now() - 3000) });
    await track('prompt_library_visit', {}, { path: '/prompts', at: new Date(Date.now() - 2000) });
    await track(
      'prompt_copy',
      { promptId: 'lesson-plan' },
      { path: '/prompts', at: new Date(Date.now() - 1000) },
    );
    expect(await sendQueuedAnalytics()).toBe(0);
    expect((await recentEvents()).map((e) => e.state)).toEqual(['queued', 'queued', 'queued']);
    // A reload: a new connection to the same IndexedDB database.
    analyticsQueue().close();
    await analyticsQueue().open();
    api.network.restore();
    expect(await sendQueuedAnalytics()).toBe(3);
    const [batch] = api.calls('POST /api/analytics/events');
    expect((batch?.body as { events: { name: string }[] }).events.map((e) => e.name)).toEqual([
      'faq_visit',
      'prompt_library_visit',
      'prompt_copy',
    ]);
    expect((await serverEvents()).map((e) => [e.name, e.path])).toEqual([
      ['faq_visit', '/faq'],
      ['prompt_library_visit', '/prompts'],
      ['prompt_copy', '/prompts'],
    ]);
    expect((await recentEvents()).map((e) => e.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('marks an event the server rejects, with its reason, and sends the rest', async () => {
    // A name the app's types refuse: an older build's event, say (the server judges names, not the device).
    await track('no_such_event' as AnalyticsEventName, {} as never, { userId: null });
    await track('faq_visit', {}, { userId: null });
    await sendQueuedAnalytics();
    const [newest, oldest] = await recentEvents();
    expect(oldest).toMatchObject({ name: 'no_such_event', state: 'rejected', reason: 'Unknown event name.' });
    expect(newest).toMatchObject({ name: 'faq_visit', state: 'sent' });
  });

  it('keeps anonymous events anonymous after sign-in; a teacher event carries the teacher', async () => {
    await track('faq_visit', {});
    const teacher = await api.signedInTeacher();
    await rememberProfile(teacher.user); // as the app does when 'me' answers
    await track('prompt_library_visit', {});
    await sendQueuedAnalytics();
    const stored = await serverEvents();
    expect(stored.find((e) => e.name === 'faq_visit')?.user_id).toBeNull();
    expect(stored.find((e) => e.name === 'prompt_library_visit')?.user_id).toBe(teacher.id);
  });

  it('paces a backlog: at most maxBatchesPerMinute batches a minute from a page, the rest stays queued (decision 088)', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const backlog = analyticsLimits.maxEventsPerBatch * (analyticsLimits.maxBatchesPerMinute + 1);
    await analyticsQueue().events.bulkAdd(
      Array.from({ length: backlog }, () => ({
        id: crypto.randomUUID(),
        name: 'faq_visit',
        at,
        sessionId: pageSessionId(),
        deviceId: crypto.randomUUID(),
        userId: 'anonymous',
        path: '/faq',
        props: {},
        state: 'queued' as const,
      })),
    );
    const paced = analyticsLimits.maxEventsPerBatch * analyticsLimits.maxBatchesPerMinute;
    expect(await sendQueuedAnalytics()).toBe(paced);
    expect(api.calls('POST /api/analytics/events')).toHaveLength(analyticsLimits.maxBatchesPerMinute);
    expect(await sendQueuedAnalytics()).toBe(0);
    expect(await analyticsQueue().events.where('state').equals('queued').count()).toBe(backlog - paced);
  });
});

describe('learning events and conversions', () => {
  it('an enrollment in a first free course: module_started, course_enrollment and free_trial, once per page session', async () => {
    const teacher = await api.signedInTeacher();
    await rememberProfile(teacher.user);
    const opened = { courseSlug: 'ai-in-education', moduleId: 1, freeCourse: true };
    await recordModuleStarted({ ...opened, enrolling: true });
    // A reload in the same tab, then another course: no second conversion of either type.
    await recordModuleStarted({ ...opened, courseSlug: 'ai-tools-beyond-chatgpt', enrolling: true });
    await recordModuleStarted({ ...opened, moduleId: 2, enrolling: false });
    await sendQueuedAnalytics();
    const stored = await serverEvents();
    expect(stored.filter((e) => e.name === 'module_started')).toHaveLength(3);
    const conversions = stored.filter((e) => e.name === 'conversion');
    expect(
      conversions.map((e) => e.props).sort((a, b) => String(a.type).localeCompare(String(b.type))),
    ).toEqual([
      { type: 'course_enrollment', value: 0, currency: 'USD' },
      { type: 'free_trial', value: 0, currency: 'USD' },
    ]);
    expect(conversions.every((e) => e.user_id === teacher.id)).toBe(true);
  });

  it('a later free course enrolls without a trial; a new page session counts the enrollment again', async () => {
    const teacher = await api.signedInTeacher();
    await rememberProfile(teacher.user);
    await userDb(teacher.id).progress.put({
      ...emptyProgress('ai-in-education'),
      lastAccessed: new Date().toISOString(),
    });
    await recordModuleStarted({
      courseSlug: 'ai-tools-beyond-chatgpt',
      moduleId: 1,
      freeCourse: true,
      enrolling: true,
    });
    sessionStorage.clear(); // a new tab
    await recordModuleStarted({
      courseSlug: 'prompt-engineering',
      moduleId: 1,
      freeCourse: false,
      enrolling: true,
    });
    await sendQueuedAnalytics();
    const types = (await serverEvents()).filter((e) => e.name === 'conversion').map((e) => e.props.type);
    expect(types).toEqual(['course_enrollment', 'course_enrollment']);
  });

  it('a graded quiz: attempted, time spent, completed, and module and course completion when new', async () => {
    const teacher = await api.signedInTeacher();
    await rememberProfile(teacher.user);
    const quiz = { courseSlug: 'ai-in-education', moduleId: 4, seconds: 412.6, score: 80, passed: true };
    await recordQuizSubmitted({ ...quiz, moduleNewlyCompleted: true, courseNewlyCompleted: true });
    await recordQuizSubmitted({
      ...quiz,
      score: 100,
      moduleNewlyCompleted: false,
      courseNewlyCompleted: false,
    });
    await sendQueuedAnalytics();
    const stored = await serverEvents();
    const named = (name: string) => stored.filter((e) => e.name === name).map((e) => e.props);
    expect(named('quiz_attempted')).toHaveLength(2);
    expect(named('quiz_time_spent')[0]).toEqual({ courseSlug: 'ai-in-education', moduleId: 4, seconds: 413 });
    expect(
      named('quiz_completed')
        .map((p) => p.score)
        .sort(),
    ).toEqual([100, 80]);
    expect(named('module_completed')).toEqual([{ courseSlug: 'ai-in-education', moduleId: 4 }]);
    expect(named('course_completion')).toEqual([{ courseSlug: 'ai-in-education' }]);
  });

  it('a purchase is worth what was charged, named after the product and plan, once per page session', async () => {
    const teacher = await api.signedInTeacher();
    await rememberProfile(teacher.user);
    await recordPurchase('annual', 69.3);
    await recordPurchase('annual', 69.3);
    await sendQueuedAnalytics();
    const conversions = (await serverEvents()).filter((e) => e.name === 'conversion');
    expect(conversions.map((e) => e.props)).toEqual([
      { type: 'purchase', value: 69.3, currency: 'USD', items: ['AI Classroom Academy Annual Subscription'] },
    ]);
  });

  it('records a feature the first time this device uses it, never again', async () => {
    await recordFeatureDiscovered('offline_download');
    await recordFeatureDiscovered('offline_download');
    await recordFeatureDiscovered('templates');
    const discovered = (await recentEvents()).filter((e) => e.name === 'feature_discovered');
    expect(discovered.map((e) => e.props).reverse()).toEqual([
      { feature: 'offline_download' },
      { feature: 'templates' },
    ]);
  });
});

describe('the page tracker', () => {
  it('reports each path, the visible seconds of the previous page, and the session with its campaign', async () => {
    let now = 1_000_000;
    let visible = true;
    const tracker = new PageTracker(
      () => now,
      () => visible,
    );
    tracker.pathChanged(
      { pathname: '/', search: '?utm_source=newsletter&utm_campaign=fall' },
      'https://mail.example/inbox?q=secret',
    );
    now += 20_000;
    visible = false;
    tracker.visibilityChanged(); // 20 s visible, reported at hide
    now += 600_000; // hidden: not counted
    visible = true;
    tracker.visibilityChanged();
    now += 5_000;
    tracker.pathChanged({ pathname: '/prompts', search: '' });
    now += 7_400;
    tracker.pathChanged({ pathname: '/prompts', search: '?x=1' }); // same path: nothing
    tracker.pathChanged({ pathname: '/faq', search: '' });
    await sendQueuedAnalytics();
    const stored = await serverEvents();
    const of = (name: string) => stored.filter((e) => e.name === name);
    expect(
      of('page_view')
        .map((e) => e.path)
        .sort(),
    ).toEqual(['/', '/faq', '/prompts']);
    expect(
      of('time_on_page')
        .map((e) => [e.path, e.props.seconds])
        .sort(),
    ).toEqual([
      ['/', 20],
      ['/', 5],
      ['/prompts', 7],
    ]);
    expect(of('session_started')).toHaveLength(1);
    expect(of('session_started')[0]?.props).toEqual({
      attribution: {
        utm_source: 'newsletter',
        utm_campaign: 'fall',
        referrer: 'https://mail.example',
        timestamp: expect.any(String),
      },
      firstTouch: {
        utm_source: 'newsletter',
        utm_campaign: 'fall',
        referrer: 'https://mail.example',
        timestamp: expect.any(String),
      },
    });
    expect(of('first_visit')).toHaveLength(1);
  });

  it('sends the first page view and its session as it starts, not on the next trigger', async () => {
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(MemoryRouter, { initialEntries: ['/faq?utm_source=newsletter'] }, children);
    const { unmount } = renderHook(() => useAnalyticsTracker(), { wrapper });
    try {
      // No visibility change, no 'online', no timer (30 s): the start's own send carries them.
      await waitFor(
        async () =>
          expect((await serverEvents()).map((e) => `${e.name} ${e.path}`).sort()).toEqual([
            'first_visit /faq',
            'page_view /faq',
            'session_started /faq',
          ]),
        { timeout: 5_000 },
      );
    } finally {
      unmount();
    }
  });

  it('fires the 5-minute milestone once, on visible time only', async () => {
    let now = 0;
    const tracker = new PageTracker(
      () => now,
      () => true,
    );
    tracker.pathChanged({ pathname: '/', search: '' });
    now += 299_000;
    tracker.checkMilestone();
    now += 1_000;
    tracker.checkMilestone();
    now += 60_000;
    tracker.checkMilestone();
    const milestones = (await recentEvents()).filter((e) => e.name === 'time_milestone');
    expect(milestones.map((e) => e.props)).toEqual([{ seconds: 300, value: 5 }]);
  });
});

describe('attribution', () => {
  it('keeps the session source on a payment provider return, and takes a new campaign', () => {
    captureAttribution({ pathname: '/', search: '?utm_source=newsletter&utm_medium=email' }, '');
    captureAttribution(
      { pathname: '/payment-success', search: '?utm_source=stripe' },
      'https://checkout.stripe.com/',
    );
    expect(sessionAttribution()).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email' });
    captureAttribution({ pathname: '/', search: '?utm_source=twitter' }, '');
    expect(sessionAttribution()).toMatchObject({ utm_source: 'twitter' });
    expect(sessionAttribution()?.utm_medium).toBeUndefined();
  });
});

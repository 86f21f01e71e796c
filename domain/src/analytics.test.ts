import { describe, expect, it } from 'vitest';
import {
  AnalyticsBatchRequest,
  AnalyticsQuery,
  analyticsEventNames,
  analyticsReasons,
  milestoneReached,
  PageSessionConversions,
  parseAnalyticsEvent,
  RegisterRequest,
} from './index.js';

const base = {
  id: '0b7d3f5e-3c1a-4f7e-9b1e-2f6a1c0d9e11',
  at: '2026-11-20T10:00:00.000Z',
  sessionId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  deviceId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  userId: 'anonymous',
  path: '/ai-basics/module/1',
};

/** One valid example of every event of spec section 7 (and the tracker's). */
const examples: Record<string, Record<string, unknown>> = {
  page_view: { title: 'AI basics' },
  time_on_page: { seconds: 42 },
  session_started: {
    attribution: { utm_source: 'newsletter', utm_campaign: 'fall', referrer: 'https://mail.example' },
    firstTouch: { utm_source: 'newsletter' },
  },
  first_visit: {},
  module_started: { courseSlug: 'ai-basics', moduleId: 1 },
  module_completed: { courseSlug: 'ai-basics', moduleId: 1 },
  quiz_attempted: { courseSlug: 'ai-basics', moduleId: 1 },
  quiz_completed: { courseSlug: 'ai-basics', moduleId: 1, score: 80, passed: true },
  quiz_time_spent: { courseSlug: 'ai-basics', moduleId: 1, seconds: 95 },
  upgrade_prompt_viewed: { placement: 'course-gate', courseSlug: 'advanced' },
  upgrade_modal_opened: {},
  plan_selected: { planType: 'annual', value: 99 },
  checkout_initiated: { planType: 'quarterly', value: 30, currency: 'USD' },
  checkout_failed: { planType: 'annual', reason: 'api_error_500' },
  payment_success: { planType: 'annual', value: 69.3, currency: 'USD' },
  content_interaction: { kind: 'video_play', courseSlug: 'ai-basics', moduleId: 2 },
  feature_discovered: { feature: 'prompt-library' },
  course_completion: { courseSlug: 'ai-basics' },
  course_page_view: { courseSlug: 'ai-basics' },
  course_access_prompt: { courseSlug: 'advanced', courseTitle: 'Advanced prompting' },
  prompt_library_visit: {},
  prompt_copy: { promptId: 'lesson-plan' },
  faq_visit: {},
  certificate_download: { courseSlug: 'ai-basics' },
  time_milestone: { seconds: 300, value: 5 },
  banner_dismissed: { banner: 'offline-ready' },
  conversion: {
    type: 'purchase',
    value: 99,
    currency: 'USD',
    items: ['AI Classroom Academy Annual Subscription'],
  },
  test_event: { label: 'Test page view' },
};

describe('analytics event schemas', () => {
  it('has an example for every event, and each example is accepted', () => {
    expect(Object.keys(examples).sort()).toEqual([...analyticsEventNames].sort());
    for (const [name, props] of Object.entries(examples)) {
      const parsed = parseAnalyticsEvent({ ...base, name, props });
      expect(parsed, name).toMatchObject({ ok: true, event: { name, props } });
    }
  });

  it('rejects an unknown name, an unexpected property (a typed answer) and a bad value', () => {
    expect(parseAnalyticsEvent({ ...base, name: 'nope', props: {} })).toEqual({
      ok: false,
      id: base.id,
      reason: analyticsReasons.unknownName,
    });
    const typed = parseAnalyticsEvent({
      ...base,
      name: 'quiz_attempted',
      props: { courseSlug: 'ai-basics', moduleId: 1, answers: [1, 2] },
    });
    expect(typed.ok).toBe(false);
    if (!typed.ok) expect(typed.reason).toMatch(/^props: /);
    const bad = parseAnalyticsEvent({
      ...base,
      name: 'checkout_failed',
      props: { planType: 'monthly', reason: 'x' },
    });
    expect(bad).toMatchObject({ ok: false, reason: expect.stringContaining('planType') });
  });

  it('rejects a bad envelope with the field named, and a path with a query', () => {
    expect(parseAnalyticsEvent({ ...base, id: 'x', name: 'faq_visit' })).toMatchObject({
      ok: false,
      id: 'x',
      reason: expect.stringContaining('id must be a UUID'),
    });
    expect(
      parseAnalyticsEvent({ ...base, path: '/reset-password?token=abc', name: 'faq_visit' }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('path'),
    });
    expect(parseAnalyticsEvent('nope')).toMatchObject({ ok: false, id: '' });
  });

  it('limits a batch to 100 events and at least one', () => {
    expect(AnalyticsBatchRequest.safeParse({ events: [] }).success).toBe(false);
    expect(AnalyticsBatchRequest.safeParse({ events: Array(100).fill({}) }).success).toBe(true);
    expect(AnalyticsBatchRequest.safeParse({ events: Array(101).fill({}) }).success).toBe(false);
  });

  it('sign-up carries the first-touch attribution, strictly', () => {
    const signup = { name: 'A', email: 'a@b.test', password: 'Secret123!x', acceptTerms: true };
    expect(RegisterRequest.safeParse({ ...signup, attribution: { utm_source: 'newsletter' } }).success).toBe(
      true,
    );
    expect(RegisterRequest.safeParse({ ...signup, attribution: { email: 'x' } }).success).toBe(false);
  });

  it('dashboard query: ordered days within 400 days', () => {
    expect(AnalyticsQuery.safeParse({ from: '2026-11-01', to: '2026-11-30' }).success).toBe(true);
    expect(AnalyticsQuery.safeParse({ from: '2026-11-30', to: '2026-11-01' }).success).toBe(false);
    expect(AnalyticsQuery.safeParse({ from: '2024-01-01', to: '2026-11-01' }).success).toBe(false);
    expect(AnalyticsQuery.safeParse({ from: '2026-11-1', to: '2026-11-30' }).success).toBe(false);
  });
});

describe('conversions', () => {
  it('de-duplicates per type and user within a page session', () => {
    const session = new PageSessionConversions();
    expect(session.record('u1', { type: 'purchase', value: 99, currency: 'USD' })).not.toBeNull();
    expect(session.record('u1', { type: 'purchase', value: 99, currency: 'USD' })).toBeNull();
    expect(session.record('u2', { type: 'purchase', value: 99, currency: 'USD' })).not.toBeNull();
    expect(session.record('u1', { type: 'course_enrollment', value: 0, currency: 'USD' })).not.toBeNull();
    // A new page session counts again.
    expect(
      new PageSessionConversions().record('u1', { type: 'purchase', value: 99, currency: 'USD' }),
    ).not.toBeNull();
  });

  it('the first free enrollment fires both the enrollment and the trial, worth 0', () => {
    const session = new PageSessionConversions();
    expect(session.enrollment('u1', true)).toEqual([
      { type: 'course_enrollment', value: 0, currency: 'USD' },
      { type: 'free_trial', value: 0, currency: 'USD' },
    ]);
    expect(session.enrollment('u1', true)).toEqual([]);
    expect(new PageSessionConversions().enrollment('u1', false)).toEqual([
      { type: 'course_enrollment', value: 0, currency: 'USD' },
    ]);
  });

  it('a purchase is worth the amount charged, with the item name', () => {
    const session = new PageSessionConversions();
    expect(session.purchase('u1', 'annual', 69.3, 'AI Classroom Academy')).toEqual({
      type: 'purchase',
      value: 69.3,
      currency: 'USD',
      items: ['AI Classroom Academy Annual Subscription'],
    });
    expect(session.purchase('u1', 'quarterly', 30, 'AI Classroom Academy')).toBeNull();
  });

  it('the milestone is reached at 300 visible seconds', () => {
    expect(milestoneReached(299)).toBe(false);
    expect(milestoneReached(300)).toBe(true);
  });
});

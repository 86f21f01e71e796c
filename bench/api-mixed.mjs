// Mixed API load (README.md, "Benchmarks"): 200 signed-in teachers, each with its own
// session (and its own loopback address, as on their own devices), each sending one request every
// 2 s on average (open loop: a request leaves on schedule whether or not the last one returned),
// about 100 requests/s in all for 60 s against the built app, on PGlite and, when there is one, on
// PostgreSQL. Mix: 40% GET /api/auth/me, 30% course and progress reads, 20% sync batches of 1-5
// quiz ops, 10% other reads. Beside it, each teacher's page sends its usage events as the pwa does
// (pwa/src/offline/analytics.ts): a batch of 1-20 events every 15 s on average, never two within
// 60 / analyticsLimits.maxBatchesPerMinute s, with a browser's User-Agent. Budget: 0 errors (an
// analytics 429 is one: an honest page must never meet the limits, issue 30) and p99 <= 50 ms. Then, with no budget, the
// saturation throughput: the same mix in a closed loop (each of N loops sends its next request as
// soon as the last one returned).
//
// BENCH_TEACHERS (200), BENCH_SECONDS (60), BENCH_SATURATION_SECONDS (15) and
// BENCH_SATURATION_LOOPS (64) change the sizes; BENCH_DATABASE_URL names the PostgreSQL server.
import { randomUUID } from 'node:crypto';
import { analyticsLimits } from '@pd/domain';
import {
  createPostgresDatabase,
  createTeacher,
  freeCourses,
  inPool,
  isMain,
  median,
  ms,
  percentile,
  startApi,
  verdict,
} from './lib.mjs';

const teachersCount = Number(process.env.BENCH_TEACHERS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const meanIntervalMs = 2000;
const saturationSeconds = Number(process.env.BENCH_SATURATION_SECONDS ?? 15);
const saturationLoops = Number(process.env.BENCH_SATURATION_LOOPS ?? 64);
const budgetP99Ms = 50;

/** A quiz op for the teacher's next module of a random course (a retake once all are done). */
function nextOp(teacher, courses) {
  const course = courses[Math.floor(Math.random() * courses.length)];
  const done = (teacher.done ??= new Map()).get(course.slug) ?? 0;
  const module = course.modules[done < course.modules.length ? done : Math.floor(Math.random() * done)];
  teacher.done.set(course.slug, Math.min(course.modules.length, done + 1));
  return {
    opId: randomUUID(),
    type: 'quiz-submitted',
    courseSlug: course.slug,
    moduleId: module.id,
    answers: module.answers,
  };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** The least time between two batches of one page (its pace, decision 088). */
const analyticsGapMs = 60_000 / analyticsLimits.maxBatchesPerMinute;
const analyticsMeanMs = 15_000;

/** A batch of the usage events a teacher's page records while reading (one page session). */
function analyticsRequest(teacher, courses) {
  teacher.page ??= { sessionId: randomUUID(), deviceId: randomUUID() };
  const course = pick(courses);
  const path = `/${course.slug}/module/${pick(course.modules).id}`;
  const at = new Date().toISOString();
  const events = Array.from({ length: 1 + Math.floor(Math.random() * 20) }, (_, i) => {
    const base = { id: randomUUID(), at, ...teacher.page, userId: 'anonymous', path };
    if (i % 3 === 0) return { ...base, name: 'page_view', props: {} };
    if (i % 3 === 1) return { ...base, name: 'time_on_page', props: { seconds: 5 + (i % 120) } };
    return { ...base, name: 'module_started', props: { courseSlug: course.slug, moduleId: 1 } };
  });
  return [
    'analytics',
    () =>
      teacher.send('POST', '/api/analytics/events', JSON.stringify({ events }), {
        'content-type': 'application/json',
        'user-agent': browser,
      }),
  ];
}

/** One request of the mix, by the share of each kind. */
export function mixedRequest(teacher, courses) {
  const r = Math.random();
  if (r < 0.4) return ['me', () => teacher.get('/api/auth/me')];
  if (r < 0.7) {
    const slug = pick(courses).slug;
    return pick([
      ['course', () => teacher.get(`/api/content/courses/${slug}`)],
      ['course', () => teacher.get(`/api/content/courses/${slug}`)],
      ['progress', () => teacher.get('/api/progress')],
      ['progress', () => teacher.get(`/api/progress?courseSlug=${slug}`)],
    ]);
  }
  if (r < 0.9) {
    const ops = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => nextOp(teacher, courses));
    return ['sync', () => teacher.post('/api/progress/sync', { ops })];
  }
  return pick([
    ['other', () => teacher.get('/api/content/catalogue')],
    ['other', () => teacher.get('/api/prompts')],
    ['other', () => teacher.get('/api/content/faq')],
    ['other', () => teacher.get('/api/certificates')],
    ['other', () => teacher.get('/api/stripe/subscription')],
  ]);
}

/** Sends one request, timing it; a status >= 400 or a failed connection is an error. */
async function timed(samples, kind, send, began = 0) {
  const started = performance.now();
  let status = 0;
  let rejectedOps = 0;
  try {
    const res = await send();
    status = res.status;
    if (kind === 'sync' && status === 200)
      rejectedOps = res.body.results.filter((x) => x.status === 'rejected').length;
  } catch (error) {
    status = -1;
    samples.failures.push(error.message);
  }
  samples.list.push({ kind, at: started - began, ms: performance.now() - started, status, rejectedOps });
}

/**
 * The open loop for `duration` seconds (or until `done()` says so, checked before each request);
 * each sample's `at` is its start, in ms since the loop began.
 */
export async function openLoop(teachers, courses, { duration = seconds, done = () => false } = {}) {
  const samples = { list: [], failures: [], lateness: [] };
  const inFlight = new Set();
  const began = performance.now();
  const deadline = began + duration * 1000;
  const end = () => (done() ? 0 : deadline);
  const exp = () => -Math.log(1 - Math.random()) * meanIntervalMs;
  await Promise.all(
    teachers.map(async (teacher) => {
      let due = performance.now() + Math.random() * meanIntervalMs;
      while (due < end()) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (due >= end()) break;
        samples.lateness.push(performance.now() - due);
        const [kind, send] = mixedRequest(teacher, courses);
        const p = timed(samples, kind, send, began);
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        due += exp();
      }
    }),
    // Each teacher's page, beside: its usage events, at the pwa's pace.
    ...teachers.map(async (teacher) => {
      let due = performance.now() + Math.random() * analyticsMeanMs;
      while (due < end()) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (due >= end()) break;
        const [kind, send] = analyticsRequest(teacher, courses);
        const p = timed(samples, kind, send, began);
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        due += Math.max(analyticsGapMs, -Math.log(1 - Math.random()) * analyticsMeanMs);
      }
    }),
  );
  await Promise.all(inFlight);
  return samples;
}

async function closedLoop(teachers, courses) {
  const samples = { list: [], failures: [] };
  const end = performance.now() + saturationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: saturationLoops }, async (_, i) => {
      while (performance.now() < end) {
        const teacher = teachers[(i + samples.list.length) % teachers.length];
        const [kind, send] = mixedRequest(teacher, courses);
        await timed(samples, kind, send);
      }
    }),
  );
  samples.elapsedS = (performance.now() - started) / 1000;
  return samples;
}

export function summary(list) {
  const times = list.map((s) => s.ms);
  const errors = list.filter((s) => s.status < 0 || s.status >= 400).length;
  return { count: list.length, p50: percentile(times, 50), p99: percentile(times, 99), errors };
}

async function runOn(label, databaseUrl, port) {
  const api = await startApi(port, { databaseUrl });
  try {
    const t0 = performance.now();
    // Sign-ups run a few at a time: each hashes a password (argon2id), which is meant to be slow.
    const teachers = await inPool(teachersCount, 4, (n) => createTeacher(api.url, { n }));
    const courses = await freeCourses(teachers[0]);
    console.log(
      `\n  ${label}: ${teachers.length} teachers signed up, verified and signed in through the app in ${(
        (performance.now() - t0) /
        1000
      ).toFixed(0)} s; ${courses.length} free courses in the mix`,
    );

    const open = await openLoop(teachers, courses);
    const all = summary(open.list);
    const rate = all.count / seconds;
    const lateP99 = percentile(open.lateness, 99);
    console.log(
      `    open loop, ${seconds} s: ${all.count} requests (${rate.toFixed(1)} req/s), p50 ${ms(all.p50)}, p99 ${ms(
        all.p99,
      )}, errors ${all.errors}`,
    );
    for (const kind of ['me', 'course', 'progress', 'sync', 'other', 'analytics']) {
      const s = summary(open.list.filter((x) => x.kind === kind));
      console.log(
        `      ${kind.padEnd(9)} ${String(s.count).padStart(5)} requests  p50 ${ms(s.p50).padStart(8)}  p99 ${ms(
          s.p99,
        ).padStart(8)}  errors ${s.errors}`,
      );
    }
    const limited = open.list.filter((x) => x.kind === 'analytics' && x.status === 429).length;
    console.log(
      `      analytics batches refused with 429: ${limited} (budget 0: honest pages never meet the limits)`,
    );
    const rejected = open.list.reduce((n, s) => n + s.rejectedOps, 0);
    if (rejected)
      console.log(`      sync ops the server rejected (answered 200, counted apart): ${rejected}`);
    if (open.failures.length) console.log(`      first failure: ${open.failures[0]}`);
    console.log(
      `      the load generator sent its requests late by p50 ${ms(median(open.lateness))}, p99 ${ms(lateP99)} (its own CPU share)`,
    );
    const ok = all.errors === 0 && all.p99 <= budgetP99Ms;
    console.log(
      `    ${label}: errors ${all.errors} (budget 0), p99 ${ms(all.p99)} (budget <= ${budgetP99Ms} ms) ${verdict(ok)}`,
    );

    const closed = await closedLoop(teachers, courses);
    const sat = summary(closed.list);
    console.log(
      `    saturation (closed loop, ${saturationLoops} loops, ${saturationSeconds} s, no budget): ${(
        sat.count / closed.elapsedS
      ).toFixed(0)} req/s, p50 ${ms(sat.p50)}, p99 ${ms(sat.p99)}, errors ${sat.errors}`,
    );
    for (const t of teachers) t.close();
    return ok;
  } finally {
    await api.stop();
  }
}

export async function benchApiMixed() {
  console.log(
    `\nMixed API load: ${teachersCount} signed-in teachers, each with its own session, one request every ${
      meanIntervalMs / 1000
    } s on average (open loop, ~${Math.round((teachersCount * 1000) / meanIntervalMs)} req/s), ${seconds} s; ` +
      `40% me, 30% course/progress reads, 20% sync of 1-5 ops, 10% other reads; and each page's usage events ` +
      `(a batch every ${analyticsMeanMs / 1000} s on average). The load generator shares the machine.`,
  );
  let ok = await runOn('PGlite', undefined, Number(process.env.BENCH_PORT ?? 4317));
  const pg = createPostgresDatabase();
  if (!pg) {
    console.log('  PostgreSQL: no server (set BENCH_DATABASE_URL or start 127.0.0.1:5432): not measured');
    return ok;
  }
  try {
    ok = (await runOn('PostgreSQL', pg.url, Number(process.env.BENCH_PORT ?? 4317) + 1)) && ok;
  } finally {
    pg.drop();
  }
  return ok;
}

if (isMain(import.meta.url)) process.exit((await benchApiMixed()) ? 0 : 1);

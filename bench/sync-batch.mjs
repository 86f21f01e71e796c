// One sync batch (README.md, "Benchmarks"): a premium teacher with progress in every course
// sends one POST /api/progress/sync of 50 quiz ops (the outbox's largest batch) spread over all the
// courses; server time, median of 20 batches, on PGlite and, when there is one, on PostgreSQL.
// Budget: <= 100 ms. The server time is the app's own request log line (`ms=`); the round trip
// seen by the client is printed beside it.
import { randomUUID } from 'node:crypto';
import {
  createPostgresDatabase,
  createTeacher,
  isMain,
  median,
  ms,
  sleep,
  startApi,
  upgradeToPremium,
  verdict,
} from './lib.mjs';

const batches = Number(process.env.SYNC_BATCHES ?? 20);
const opsPerBatch = 50;
const budgetMs = 100;

/** The request log's duration for the newest `POST /api/progress/sync` line, if the app printed one. */
async function serverTime(api) {
  for (let i = 0; i < 20; i++) {
    const lines = api.output().split('\n');
    const line = lines.reverse().find((l) => l.includes('POST /api/progress/sync 200'));
    const match = line?.match(/\bms=([\d.]+)/);
    if (match) return Number(match[1]);
    await sleep(25);
  }
  return undefined;
}

async function runOn(label, databaseUrl, port) {
  const api = await startApi(port, { databaseUrl, logLevel: 'info' });
  try {
    const teacher = await upgradeToPremium(await createTeacher(api.url, { n: 7 }));
    const catalogue = await teacher.get('/api/content/catalogue');
    const courses = [];
    for (const summary of catalogue.body.courses.filter((c) => !c.isComingSoon)) {
      const res = await teacher.get(`/api/content/courses/${summary.slug}`);
      if (res.status !== 200) throw new Error(`GET course ${summary.slug} answered ${res.status}`);
      courses.push({
        slug: summary.slug,
        modules: res.body.course.modules.map((m) => ({
          id: m.id,
          answers: (m.quiz ?? []).map((q) => q.answer),
        })),
      });
    }
    const op = (course, module) => ({
      opId: randomUUID(),
      type: 'quiz-submitted',
      courseSlug: course.slug,
      moduleId: module.id,
      answers: module.answers,
    });
    // Progress in every course first: module 1 of each, completed.
    const first = await teacher.post('/api/progress/sync', { ops: courses.map((c) => op(c, c.modules[0])) });
    if (first.status !== 200) throw new Error(`the first sync answered ${first.status}`);

    // Then batches of 50 ops over every course: each course's next modules in order, then retakes.
    const next = new Map(courses.map((c) => [c.slug, 1]));
    const server = [];
    const client = [];
    let rejected = 0;
    for (let b = 0; b < batches; b++) {
      const ops = [];
      for (let i = 0; ops.length < opsPerBatch; i++) {
        const course = courses[i % courses.length];
        const n = next.get(course.slug);
        ops.push(op(course, course.modules[n % course.modules.length]));
        next.set(course.slug, n + 1);
      }
      api.clearOutput();
      const started = performance.now();
      const res = await teacher.post('/api/progress/sync', { ops });
      client.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`sync answered ${res.status}: ${JSON.stringify(res.body)}`);
      rejected += res.body.results.filter((r) => r.status === 'rejected').length;
      const s = await serverTime(api);
      if (s !== undefined) server.push(s);
    }
    // For the reading: a batch of one op, five times (what one more op costs shows in the difference).
    const single = [];
    for (let b = 0; b < 5; b++) {
      const course = courses[b % courses.length];
      api.clearOutput();
      const started = performance.now();
      const res = await teacher.post('/api/progress/sync', { ops: [op(course, course.modules[0])] });
      if (res.status !== 200) throw new Error(`sync answered ${res.status}`);
      single.push((await serverTime(api)) ?? performance.now() - started);
    }
    const judged = server.length === batches ? server : client;
    const value = median(judged);
    const ok = value <= budgetMs;
    console.log(
      `  ${label}: ${courses.length} courses; server time median ${ms(median(server))} ` +
        `(runs: ${server.map((v) => v.toFixed(0)).join(' ') || 'no request log line'}); ` +
        `round trip median ${ms(median(client))}; ops rejected ${rejected}`,
    );
    const perOp = (median(judged) - median(single)) / (opsPerBatch - 1);
    console.log(
      `    for the reading: a batch of 1 op, median of 5: ${ms(median(single))}; so about ${ms(perOp)} per further op`,
    );
    console.log(
      `    ${judged === server ? 'server time' : 'round trip (no request log)'} median ${ms(value)} (budget <= ${budgetMs} ms) ${verdict(ok)}`,
    );
    return ok;
  } finally {
    await api.stop();
  }
}

export async function benchSyncBatch() {
  console.log(
    `\nSync batch: one POST /api/progress/sync of ${opsPerBatch} quiz ops from a premium teacher with progress in every course; median of ${batches}`,
  );
  let ok = await runOn('PGlite', undefined, Number(process.env.BENCH_PORT ?? 4319));
  const pg = createPostgresDatabase();
  if (!pg) {
    console.log('  PostgreSQL: no server (set BENCH_DATABASE_URL or start 127.0.0.1:5432): not measured');
    return ok;
  }
  try {
    ok = (await runOn('PostgreSQL', pg.url, Number(process.env.BENCH_PORT ?? 4319))) && ok;
  } finally {
    pg.drop();
  }
  return ok;
}

if (isMain(import.meta.url)) process.exit((await benchSyncBatch()) ? 0 : 1);

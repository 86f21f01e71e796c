// Chaos run of the offline sync (issue 5): 3 devices of one teacher against the built api, speaking the
// real POST /api/progress/sync protocol (domain/src/sync.ts wire format). Each device keeps a local
// outbox, flips offline/online at random (>= 200 flips in all), completes random modules with the right
// answers, drains on reconnect in batches of <= 50 with the sync engine's back-off, and sometimes loses
// the reply after the server applied the batch (so the batch is replayed) or fails before sending.
// Budgets: ops lost 0, ops duplicated 0, p95 reconnect -> all acked ('All changes saved') <= 5 s.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { signInCookie, startApi, verdict } from './lib.mjs';

const devicesCount = 3;
const flipsPerDevice = Number(process.env.CHAOS_FLIPS_PER_DEVICE ?? 70);
const dropReplyRate = Number(process.env.CHAOS_DROP_REPLY_RATE ?? 0.12);
const sendFailRate = Number(process.env.CHAOS_SEND_FAIL_RATE ?? 0.05);
/** The pwa's sync engine: 2 s doubling to 60 s, +-20 % jitter (pwa/src/offline/sync-engine.ts). */
const backoffBaseMs = Number(process.env.CHAOS_BACKOFF_MS ?? 2000);
const backoffMaxMs = 60_000;
const maxBatch = 50;
const budgetP95Ms = 5000;

// A small seeded generator, so a failing run can be repeated (CHAOS_SEED).
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seed = Number(process.env.CHAOS_SEED ?? 20251121);
const random = mulberry32(seed);
const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function backoff(failures) {
  const base = Math.min(backoffMaxMs, backoffBaseMs * 2 ** Math.max(0, failures - 1));
  return Math.min(backoffMaxMs, Math.round(base * (0.8 + 0.4 * random())));
}

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The ground truth the devices never see: every reply, including the dropped ones. */
const observer = {
  created: new Map(), // opId -> {device, courseSlug, moduleId}
  applied: new Map(), // opId -> times the server answered 'applied'
  duplicate: new Map(),
  rejected: new Map(), // opId -> reason
  droppedReplies: 0,
  sendFailures: 0,
  batches: 0,
};

class Device {
  constructor(name, api, cookie, courses) {
    this.name = name;
    this.api = api;
    this.cookie = cookie;
    this.courses = courses; // [{slug, modules: [{id, answers}]}]
    this.online = true;
    this.outbox = [];
    /** courseSlug -> Set of completed module ids (own completions union the server's replies). */
    this.known = new Map(courses.map((c) => [c.slug, new Set()]));
    this.completedByMe = new Map(courses.map((c) => [c.slug, new Set()]));
    this.flips = 0;
    this.reconnectToAcked = [];
  }

  /** A quiz taken on the device: graded locally (always passed here), written to the outbox. */
  takeRandomModule() {
    const course = this.courses[Math.floor(random() * this.courses.length)];
    const done = this.known.get(course.slug);
    const next = course.modules.find((m) => !done.has(m.id));
    // Every module done: retake one (a new op of the same module, still applied once).
    const module = next ?? course.modules[Math.floor(random() * course.modules.length)];
    const op = {
      opId: randomUUID(),
      type: 'quiz-submitted',
      courseSlug: course.slug,
      moduleId: module.id,
      answers: module.answers,
    };
    this.outbox.push(op);
    done.add(module.id);
    this.completedByMe.get(course.slug).add(module.id);
    observer.created.set(op.opId, { device: this.name, courseSlug: course.slug, moduleId: module.id });
  }

  /** One batch; true when the device got (and kept) the reply. */
  async sendBatch() {
    const batch = this.outbox.slice(0, maxBatch);
    if (random() < sendFailRate) {
      observer.sendFailures += 1;
      return false;
    }
    let reply;
    try {
      const res = await fetch(`${this.api}/api/progress/sync`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: this.api, cookie: this.cookie },
        body: JSON.stringify({ ops: batch }),
      });
      if (!res.ok) throw new Error(`sync answered ${res.status}: ${await res.text()}`);
      reply = await res.json();
    } catch (error) {
      console.warn(`  ${this.name}: ${error.message}`);
      observer.sendFailures += 1;
      return false;
    }
    observer.batches += 1;
    for (const r of reply.results) {
      const bucket = observer[r.status];
      if (r.status === 'rejected') bucket.set(r.opId, r.reason);
      else bucket.set(r.opId, (bucket.get(r.opId) ?? 0) + 1);
    }
    if (random() < dropReplyRate) {
      // The server applied the batch; the answer never reached the device: it will replay the batch.
      observer.droppedReplies += 1;
      return false;
    }
    const answered = new Set(reply.results.map((r) => r.opId));
    this.outbox = this.outbox.filter((op) => !answered.has(op.opId));
    for (const course of reply.progress) {
      const known = this.known.get(course.courseSlug);
      for (const record of course.records) if (record.completed) known?.add(record.moduleId);
    }
    return true;
  }

  /** Drains until the outbox is empty, backing off after each failure like the pwa does. */
  async drain() {
    let failures = 0;
    while (this.outbox.length > 0 && this.online) {
      if (await this.sendBatch()) failures = 0;
      else {
        failures += 1;
        await sleep(backoff(failures));
      }
    }
  }

  async run() {
    while (this.flips < flipsPerDevice) {
      // Offline: the teacher keeps working.
      this.online = false;
      this.flips += 1;
      const offlineFor = between(80, 500);
      const until = Date.now() + offlineFor;
      const ops = between(0, 4);
      for (let i = 0; i < ops; i += 1) this.takeRandomModule();
      await sleep(Math.max(0, until - Date.now()));

      // Back online: drain, timing reconnect -> all acked.
      this.online = true;
      this.flips += 1;
      const pending = this.outbox.length;
      const back = performance.now();
      await this.drain();
      if (pending > 0) this.reconnectToAcked.push(performance.now() - back);

      // A while online: changes go out at once.
      const onlineOps = between(0, 2);
      for (let i = 0; i < onlineOps; i += 1) {
        this.takeRandomModule();
        await this.drain();
      }
      await sleep(between(50, 300));
    }
    await this.drain();
  }
}

export async function benchChaos() {
  const api = await startApi(Number(process.env.CHAOS_PORT ?? 4319));
  try {
    const password = process.env.DEMO_PASSWORD ?? 'demo-password';
    const email = 'premium@demo.test';
    const cookies = [];
    for (let i = 0; i < devicesCount; i += 1) cookies.push(await signInCookie(api.url, email, password));

    // The courses this teacher may open, with the right answers (fetched once, as a download would).
    const catalogue = await (await fetch(`${api.url}/api/content/catalogue`)).json();
    const courses = [];
    for (const summary of catalogue.courses.filter((c) => !c.isComingSoon)) {
      const res = await fetch(`${api.url}/api/content/courses/${summary.slug}`, {
        headers: { cookie: cookies[0] },
      });
      if (!res.ok) continue;
      const { course } = await res.json();
      courses.push({
        slug: course.slug,
        modules: course.modules.map((m) => ({ id: m.id, answers: m.quiz.map((q) => q.answer) })),
      });
    }

    const devices = cookies.map((cookie, i) => new Device(`device-${i + 1}`, api.url, cookie, courses));
    const started = performance.now();
    await Promise.all(devices.map((d) => d.run()));
    const elapsedS = (performance.now() - started) / 1000;

    // Server state against the union of what the devices did.
    const serverRes = await fetch(`${api.url}/api/progress`, { headers: { cookie: cookies[0] } });
    const records = await serverRes.json();
    const server = new Set(records.filter((r) => r.completed).map((r) => `${r.courseSlug}/${r.moduleId}`));
    const union = new Set();
    for (const d of devices)
      for (const [slug, ids] of d.completedByMe) for (const id of ids) union.add(`${slug}/${id}`);
    const missingOnServer = [...union].filter((k) => !server.has(k));
    const unexpectedOnServer = [...server].filter((k) => !union.has(k));

    const opIds = [...observer.created.keys()];
    const lostOps = opIds.filter((id) => !observer.applied.has(id) && !observer.rejected.has(id));
    const duplicatedOps = opIds.filter((id) => (observer.applied.get(id) ?? 0) > 1);
    const leftInOutboxes = devices.reduce((n, d) => n + d.outbox.length, 0);
    const lost = lostOps.length + missingOnServer.length + leftInOutboxes;
    const duplicated = duplicatedOps.length;
    const times = devices.flatMap((d) => d.reconnectToAcked);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const flips = devices.reduce((n, d) => n + d.flips, 0);
    const replays = [...observer.duplicate.values()].reduce((a, b) => a + b, 0);

    console.log(
      `\nChaos sync: ${devicesCount} devices of one teacher, seed ${seed}, ${elapsedS.toFixed(1)} s`,
    );
    console.log(
      `  ${flips} offline/online flips, ${opIds.length} ops, ${observer.batches} batches, ` +
        `${observer.droppedReplies} replies dropped after apply, ${observer.sendFailures} sends failed, ` +
        `${replays} replayed ops answered 'duplicate'`,
    );
    console.log(
      `  server: ${server.size} completed modules; devices' union: ${union.size}; ` +
        `missing on server ${missingOnServer.length}, unexpected ${unexpectedOnServer.length}`,
    );
    console.log(
      `  ops rejected ${observer.rejected.size}${observer.rejected.size ? ` (${[...observer.rejected.values()][0]})` : ''}`,
    );
    console.log(`  ops lost ${lost} (budget 0) ${verdict(lost === 0)}`);
    console.log(`  ops duplicated ${duplicated} (budget 0) ${verdict(duplicated === 0)}`);
    console.log(
      `  reconnect -> all acked over ${times.length} reconnects with pending ops: p50 ${p50.toFixed(0)} ms, ` +
        `p95 ${p95.toFixed(0)} ms, max ${Math.max(0, ...times).toFixed(0)} ms (budget p95 <= ${budgetP95Ms} ms) ` +
        verdict(p95 <= budgetP95Ms),
    );
    console.log(`  flips ${flips} (at least 200) ${verdict(flips >= 200)}`);
    return (
      lost === 0 &&
      duplicated === 0 &&
      unexpectedOnServer.length === 0 &&
      observer.rejected.size === 0 &&
      p95 <= budgetP95Ms &&
      flips >= 200
    );
  } finally {
    await api.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchChaos();
  process.exit(ok ? 0 : 1);
}

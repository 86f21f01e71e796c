// The reconnect storm (issue 31, item 2; README.md, "Benchmarks"): a school's Wi-Fi comes back after
// a morning offline. Two api instances on one PostgreSQL database (as `docker-compose.yml` runs
// them), every request spread over both as a round-robin load balancer would (no sticky sessions).
// 300 devices, each a distinct signed-in teacher, reconnect at random moments within 10 s; each
// sends what its outbox holds the way the pwa's drain does (pwa/src/offline/drain.ts, then
// analytics.ts): its 20 queued quiz ops in one POST /api/progress/sync batch (the wire format of
// domain/src/sync.ts), then its 50 queued analytics events in one POST /api/analytics/events batch.
// A 429 or 503 is waited out (its Retry-After, else the sync engine's back-off of 2 s doubling) and
// sent again, as is a dropped connection: neither is an error. Meanwhile 20 other teachers read the
// catalogue, a course and /api/auth/me, one request every 500 ms each on average (open loop).
//
// Budgets: every op saved exactly once (the ops the devices were told 'applied' against the
// database's receipts and progress rows afterwards: none lost, none doubled; every event stored
// once), each device's time from reconnecting to "saved" (its whole batch answered) p95 <= 5 s,
// 0 errors (a 5xx other than a retried 503, a 4xx other than a retried 429, an op or event the
// server rejected), and the other teachers' requests p99 <= 200 ms during the storm.
//
// The teachers are seeded with SQL (one argon2id hash at the test factories' low cost, as
// api/src/test/factories.ts stores; the login verifies it like any hash) and signed in through
// POST /api/auth/login: 320 sign-ups through the real flow would hash 320 passwords at the
// production cost before the storm begins. PostgreSQL only (BENCH_DATABASE_URL or 127.0.0.1:5432).
//
// STORM_DEVICES (300), STORM_WINDOW_S (10), STORM_OPS (20), STORM_EVENTS (50), STORM_READERS (20),
// STORM_SCHOOL_ADDRESSES (1: the whole school behind one NAT address, as the per-address limits
// assume) change the sizes; BENCH_PORT the first instance's port (4331; the second is +1).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import {
  Client,
  benchPassword,
  createPostgresDatabase,
  deviceAddress,
  freeCourses,
  inPool,
  isMain,
  ms,
  percentile,
  psql,
  request,
  root,
  sleep,
  startApi,
  verdict,
} from './lib.mjs';

const devicesCount = Number(process.env.STORM_DEVICES ?? 300);
const windowMs = Number(process.env.STORM_WINDOW_S ?? 10) * 1000;
const opsPerDevice = Number(process.env.STORM_OPS ?? 20);
const eventsPerDevice = Number(process.env.STORM_EVENTS ?? 50);
const readersCount = Number(process.env.STORM_READERS ?? 20);
const schoolAddresses = Number(process.env.STORM_SCHOOL_ADDRESSES ?? 1);
const readerIntervalMs = 500;
const budgetSavedP95Ms = 5000;
const budgetReaderP99Ms = 200;
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** CPU seconds a process has used (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The pwa's back-off before retry number `failures` (pwa/src/offline/sync-engine.ts): 2 s doubling, +-20 %. */
const backoff = (failures) =>
  Math.min(60_000, 2000 * 2 ** Math.max(0, failures - 1)) * (0.8 + 0.4 * Math.random());

/** The instances behind the "load balancer": each request goes to the next one. */
class Balancer {
  constructor(urls) {
    this.urls = urls;
    this.next = 0;
    this.served = urls.map(() => 0);
  }

  pick() {
    const i = this.next++ % this.urls.length;
    this.served[i] += 1;
    return this.urls[i];
  }
}

/**
 * A teacher's device: one keep-alive agent from `address`, one cookie jar (one session); every
 * request goes to the instance the balancer picks, with the public address as its Origin.
 */
class Device extends Client {
  constructor(publicUrl, balancer, address) {
    super(publicUrl, address);
    this.balancer = balancer;
    this.address = address;
  }

  async send(method, path, body, extraHeaders = {}) {
    const headers = { cookie: this.cookieHeader(), 'user-agent': browser, ...extraHeaders };
    if (method !== 'GET') headers.origin = this.baseUrl;
    const res = await request(`${this.balancer.pick()}${path}`, { method, headers, body, agent: this.agent });
    this.keepCookies(res.headers);
    return res;
  }

  /** A new connection from another address (the device moved from home to the school's network). */
  moveTo(address) {
    this.address = address;
    this.agent.destroy();
    this.agent = new http.Agent({ keepAlive: true, localAddress: address });
  }
}

/** The test factories' low-cost argon2id hash of the bench password (api/src/test/factories.ts). */
function lowCostHash() {
  const run = spawnSync(
    process.execPath,
    [
      '-e',
      `require('argon2').hash(${JSON.stringify(benchPassword)}, { type: 2, memoryCost: 1024, timeCost: 2, parallelism: 1 }).then((h) => process.stdout.write(h))`,
    ],
    { encoding: 'utf8', cwd: join(root, 'api') },
  );
  if (run.status !== 0 || !run.stdout.startsWith('$argon2id$')) throw new Error(`argon2: ${run.stderr}`);
  return run.stdout;
}

/** `n` verified free teachers `<prefix>-<i>@storm.test`, straight into the database. */
function seedTeachers(databaseUrl, prefix, n, hash) {
  psql(
    databaseUrl,
    `INSERT INTO users (name, email, password_hash, role, email_verified)
       SELECT 'Storm Teacher ' || i, '${prefix}-' || i || '@storm.test', '${hash}', 'free', true
       FROM generate_series(1, ${n}) i;`,
  );
}

async function signInAll(publicUrl, balancer, prefix, n, firstAddress) {
  return inPool(n, 8, async (i) => {
    const device = new Device(publicUrl, balancer, deviceAddress(firstAddress + i));
    const email = `${prefix}-${i + 1}@storm.test`;
    const res = await device.post('/api/auth/login', { email, password: benchPassword });
    if (res.status !== 200 || res.body.mfa) throw new Error(`login ${email} answered ${res.status}`);
    device.user = res.body;
    return device;
  });
}

/**
 * A morning's outbox: the teacher takes the free courses' modules in order (then retakes), each quiz
 * passed, with the device's time of the submission (as pwa/src/offline/progress.ts queues it).
 */
function morningOps(courses, startAt) {
  const modules = courses.flatMap((c) => c.modules.map((m) => ({ slug: c.slug, ...m })));
  return Array.from({ length: opsPerDevice }, (_, i) => {
    const m = modules[i % modules.length];
    return {
      opId: randomUUID(),
      type: 'quiz-submitted',
      courseSlug: m.slug,
      moduleId: m.id,
      answers: m.answers,
      at: new Date(startAt + i * 6 * 60_000).toISOString(),
    };
  });
}

const paths = ['/', '/ai-in-education', '/ai-in-education/module/1', '/prompts', '/faq'];

/** The analytics a morning queued on the device: page views, visible time, module starts. */
function morningEvents(device, courses, startAt) {
  const sessionId = randomUUID();
  const deviceId = randomUUID();
  return Array.from({ length: eventsPerDevice }, (_, i) => {
    const at = new Date(startAt + i * 2 * 60_000).toISOString();
    const base = {
      id: randomUUID(),
      at,
      sessionId,
      deviceId,
      userId: device.user.id,
      path: paths[i % paths.length],
    };
    if (i % 3 === 0) return { ...base, name: 'page_view', props: {} };
    if (i % 3 === 1) return { ...base, name: 'time_on_page', props: { seconds: 5 + (i % 120) } };
    const course = courses[i % courses.length];
    return {
      ...base,
      name: 'module_started',
      props: { courseSlug: course.slug, moduleId: course.modules[0].id },
    };
  });
}

/** What every reply said, kept beside what the devices see. */
const tally = () => ({
  applied: new Map(), // opId -> times answered 'applied'
  duplicate: 0,
  rejectedOps: [],
  accepted: new Map(), // event id -> times answered 'accepted'
  rejectedEvents: [],
  retried: { 429: 0, 503: 0, network: 0 },
  errors: [],
});

/**
 * Sends `body` to `path` until the server answers it: 429 and 503 are waited out (Retry-After, else
 * the back-off) and sent again, as is a dropped connection; any other failure is an error, sent
 * again too (the pwa keeps the ops and retries), so an op is never given up.
 */
async function sendUntilAnswered(device, path, body, t) {
  for (let failures = 1; ; failures++) {
    let res;
    try {
      res = await device.post(path, body);
    } catch (error) {
      t.retried.network += 1;
      if (failures > 20) throw error;
      await sleep(backoff(failures));
      continue;
    }
    if (res.status === 200) return res.body;
    if (res.status === 429 || res.status === 503) {
      t.retried[res.status] += 1;
      const after = Number(res.headers['retry-after']);
      await sleep(Number.isFinite(after) && after > 0 ? after * 1000 : backoff(failures));
    } else {
      t.errors.push(`${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      if (failures > 5) throw new Error(t.errors.at(-1));
      await sleep(backoff(failures));
    }
  }
}

/** One device's reconnect: the outbox's sync batch, then its analytics batch. */
async function reconnect(device, t) {
  const back = performance.now();
  const reply = await sendUntilAnswered(device, '/api/progress/sync', { ops: device.ops }, t);
  for (const r of reply.results) {
    if (r.status === 'applied') t.applied.set(r.opId, (t.applied.get(r.opId) ?? 0) + 1);
    else if (r.status === 'duplicate') t.duplicate += 1;
    else t.rejectedOps.push(r.reason);
  }
  const answered = new Set(reply.results.map((r) => r.opId));
  if (device.ops.some((op) => !answered.has(op.opId))) t.errors.push('a sync reply left ops unanswered');
  device.savedMs = performance.now() - back;
  const events = await sendUntilAnswered(device, '/api/analytics/events', { events: device.events }, t);
  for (const r of events.results) {
    if (r.status === 'accepted') t.accepted.set(r.id, (t.accepted.get(r.id) ?? 0) + 1);
    else if (r.status === 'rejected') t.rejectedEvents.push(r.reason);
  }
  device.doneMs = performance.now() - back;
}

/** Now, in ms since the epoch: comparable between the main thread and the readers' worker. */
const now = () => performance.timeOrigin + performance.now();

/**
 * The other teachers: an open loop of reads, timed; stops when `running()` turns false. They run in
 * a worker thread of their own (`startReaders`), so the storm's devices, which share the bench's
 * main thread, do not delay their requests or their timing.
 */
async function readers(devices, courses, running) {
  const samples = [];
  const inFlight = new Set();
  const exp = () => -Math.log(1 - Math.random()) * readerIntervalMs;
  await Promise.all(
    devices.map(async (device) => {
      let due = performance.now() + Math.random() * readerIntervalMs;
      while (running()) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const r = Math.random();
        const path =
          r < 0.4
            ? '/api/auth/me'
            : r < 0.7
              ? '/api/content/catalogue'
              : `/api/content/courses/${courses[Math.floor(Math.random() * courses.length)].slug}`;
        const kind = path === '/api/auth/me' ? 'me' : path.includes('/courses/') ? 'course' : 'catalogue';
        const started = now();
        const p = device.get(path).then(
          (res) => samples.push({ kind, at: started, ms: now() - started, status: res.status }),
          () => samples.push({ kind, at: started, ms: now() - started, status: -1 }),
        );
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        due += exp();
      }
    }),
  );
  await Promise.all(inFlight);
  return samples;
}

/** The readers in a worker thread: `stop()` resolves to their samples. */
function startReaders(publicUrl, urls, devices, courses) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: {
      role: 'storm-readers',
      publicUrl,
      urls,
      courses,
      readers: devices.map((d) => ({ address: d.address, cookies: [...d.cookies] })),
    },
  });
  const samples = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      return samples;
    },
  };
}

if (!isMainThread && workerData?.role === 'storm-readers') {
  const { publicUrl, urls, courses } = workerData;
  const balancer = new Balancer(urls);
  const devices = workerData.readers.map(({ address, cookies }) => {
    const device = new Device(publicUrl, balancer, address);
    for (const [name, value] of cookies) device.cookies.set(name, value);
    return device;
  });
  let running = true;
  parentPort.once('message', () => (running = false));
  const samples = await readers(devices, courses, () => running);
  for (const device of devices) device.close();
  parentPort.postMessage(samples);
}

/** CPU seconds of the PostgreSQL backends serving `databaseUrl` now (the server's processes, on this machine). */
async function backendCpu(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.reduce((sum, r) => sum + cpuSeconds(r.pid), 0);
  } finally {
    await client.end();
  }
}

/** What the database holds afterwards, for the storm's teachers, ops and events. */
async function databaseCounts(databaseUrl, devices) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const users = devices.map((d) => d.user.id);
    const receipts = await client.query(
      `SELECT user_id, op_id::text, status FROM sync_receipts WHERE user_id = ANY($1::uuid[])`,
      [users],
    );
    const progress = await client.query(
      `SELECT user_id, count(*) FILTER (WHERE completed)::int AS completed FROM progress
        WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`,
      [users],
    );
    const events = await client.query(
      `SELECT count(*)::int AS rows, count(DISTINCT id)::int AS ids FROM analytics_events WHERE id = ANY($1::uuid[])`,
      [devices.flatMap((d) => d.events.map((e) => e.id))],
    );
    // Bytes per row with indexes, for the arithmetic of docs/scaling.md.
    const sizes = await client.query(
      `SELECT t, pg_total_relation_size(t::regclass) AS bytes, (xpath('/row/c/text()',
              query_to_xml('SELECT count(*) AS c FROM ' || t, false, true, '')))[1]::text::bigint AS rows
         FROM unnest(ARRAY['sync_receipts', 'progress', 'analytics_events', 'sessions']) AS t`,
    );
    return { receipts: receipts.rows, progress: progress.rows, events: events.rows[0], sizes: sizes.rows };
  } finally {
    await client.end();
  }
}

function report(devices, t, db, readerSamples, storm, balancer) {
  let ok = true;
  const line = (text, pass) => {
    if (pass !== undefined) ok &&= pass;
    console.log(`    ${text}${pass === undefined ? '' : ` ${verdict(pass)}`}`);
  };
  // Exactly once: every op the devices sent has one receipt row, and was answered 'applied' once.
  const sent = devices.flatMap((d) => d.ops.map((op) => `${d.user.id}/${op.opId}`));
  const rows = new Map();
  for (const r of db.receipts) {
    const key = `${r.user_id}/${r.op_id}`;
    rows.set(key, (rows.get(key) ?? 0) + 1);
  }
  const lost = sent.filter((key) => !rows.has(key)).length;
  const doubledRows = [...rows.values()].filter((n) => n > 1).length;
  const doubledAcks = [...t.applied.values()].filter((n) => n > 1).length;
  const sentKeys = new Set(sent);
  const unknownRows = [...rows.keys()].filter((key) => !sentKeys.has(key)).length;
  const appliedRows = db.receipts.filter((r) => r.status === 'applied').length;
  const expectedCompleted = new Map(
    devices.map((d) => [d.user.id, new Set(d.ops.map((o) => `${o.courseSlug}/${o.moduleId}`)).size]),
  );
  const progressWrong = devices.filter(
    (d) =>
      (db.progress.find((p) => p.user_id === d.user.id)?.completed ?? 0) !== expectedCompleted.get(d.user.id),
  ).length;
  line(
    `ops: ${sent.length} sent, ${t.applied.size} answered 'applied' (${t.duplicate} 'duplicate', ${t.rejectedOps.length} rejected); ` +
      `receipts in the database ${db.receipts.length} (${appliedRows} applied)`,
  );
  line(
    `exactly once: lost ${lost}, doubled ${doubledRows + doubledAcks}, rows no device sent ${unknownRows}, ` +
      `teachers whose completed modules differ from their ops ${progressWrong} (budget 0 each)`,
    lost === 0 &&
      doubledRows + doubledAcks === 0 &&
      unknownRows === 0 &&
      progressWrong === 0 &&
      appliedRows === sent.length,
  );
  const eventsSent = devices.length * eventsPerDevice;
  const doubledEvents = [...t.accepted.values()].filter((n) => n > 1).length;
  line(
    `events: ${eventsSent} sent, ${t.accepted.size} answered 'accepted', rows ${db.events.rows} (${db.events.ids} distinct ids); ` +
      `lost ${eventsSent - db.events.ids}, doubled ${db.events.rows - db.events.ids + doubledEvents} (budget 0 each)`,
    db.events.ids === eventsSent && db.events.rows === eventsSent && doubledEvents === 0,
  );
  const saved = devices.map((d) => d.savedMs);
  const done = devices.map((d) => d.doneMs);
  line(
    `reconnect -> "saved" over ${devices.length} devices: p50 ${ms(percentile(saved, 50))}, p95 ${ms(percentile(saved, 95))}, ` +
      `max ${ms(Math.max(...saved))} (budget p95 <= ${budgetSavedP95Ms} ms)`,
    percentile(saved, 95) <= budgetSavedP95Ms,
  );
  line(
    `reconnect -> analytics sent too (no budget): p50 ${ms(percentile(done, 50))}, p95 ${ms(percentile(done, 95))}`,
  );
  const errors = t.errors.length + t.rejectedOps.length + t.rejectedEvents.length;
  line(
    `retried by the devices (not errors): ${t.retried[429]} answers 429, ${t.retried[503]} answers 503, ` +
      `${t.retried.network} dropped connections`,
  );
  line(
    `errors ${errors} (budget 0)${t.errors[0] ? `; first: ${t.errors[0]}` : ''}${t.rejectedOps[0] ? `; rejected op: ${t.rejectedOps[0]}` : ''}${t.rejectedEvents[0] ? `; rejected event: ${t.rejectedEvents[0]}` : ''}`,
    errors === 0,
  );
  const during = readerSamples.filter((s) => s.at >= storm.start && s.at <= storm.end);
  const before = readerSamples.filter((s) => s.at < storm.start);
  const readerErrors = during.filter((s) => s.status !== 200).length;
  const p99 = percentile(
    during.map((s) => s.ms),
    99,
  );
  line(
    `other teachers before the storm: ${before.length} requests, p50 ${ms(
      percentile(
        before.map((s) => s.ms),
        50,
      ),
    )}, p99 ${ms(
      percentile(
        before.map((s) => s.ms),
        99,
      ),
    )}`,
  );
  line(
    `other teachers during the storm (${((storm.end - storm.start) / 1000).toFixed(1)} s): ${during.length} requests, ` +
      `p50 ${ms(
        percentile(
          during.map((s) => s.ms),
          50,
        ),
      )}, p99 ${ms(p99)}, errors ${readerErrors} (budget p99 <= ${budgetReaderP99Ms} ms, 0 errors)`,
    p99 <= budgetReaderP99Ms && readerErrors === 0,
  );
  line(
    `  by call: ${['me', 'catalogue', 'course']
      .map((kind) => {
        const times = during.filter((s) => s.kind === kind).map((s) => s.ms);
        return `${kind} p50 ${ms(percentile(times, 50))} p99 ${ms(percentile(times, 99))}`;
      })
      .join(', ')}`,
  );
  line(`the storm's requests per instance: ${balancer.served.join(' / ')}`);
  line(
    `bytes per row with indexes: ${db.sizes
      .map((r) => `${r.t} ${Math.round(Number(r.bytes) / Math.max(1, Number(r.rows)))} (${r.rows} rows)`)
      .join(', ')}`,
  );
  return ok;
}

export async function benchReconnectStorm() {
  console.log(
    `\nReconnect storm: ${devicesCount} devices (distinct teachers) reconnect within ${windowMs / 1000} s, each with ${opsPerDevice} ` +
      `queued progress ops and ${eventsPerDevice} analytics events, against two api instances on one PostgreSQL ` +
      `(round-robin, no sticky sessions), while ${readersCount} other teachers read. The load generator shares the machine.`,
  );
  const database = createPostgresDatabase();
  if (!database) {
    console.log('  PostgreSQL: no server (set BENCH_DATABASE_URL or start 127.0.0.1:5432): not measured');
    return true;
  }
  const port = Number(process.env.BENCH_PORT ?? 4331);
  const publicUrl = `http://127.0.0.1:${port}`;
  // What the instances share, as docker-compose.yml gives both: the database, the secret, the address.
  const env = { PUBLIC_URL: publicUrl, SESSION_SECRET: randomBytes(32).toString('hex') };
  const instances = [];
  try {
    // The built server (`npm run build` first, as for every bench run by name): two processes.
    for (const p of [port, port + 1])
      instances.push(await startApi(p, { databaseUrl: database.url, env, build: false }));
    const balancer = new Balancer(instances.map((i) => i.url));

    const t0 = performance.now();
    const hash = lowCostHash();
    seedTeachers(database.url, 'device', devicesCount, hash);
    seedTeachers(database.url, 'reader', readersCount, hash);
    const devices = await signInAll(publicUrl, balancer, 'device', devicesCount, 0);
    const readerDevices = await signInAll(publicUrl, balancer, 'reader', readersCount, devicesCount);
    const courses = await freeCourses(readerDevices[0]);
    const morning = Date.now() - 4 * 60 * 60_000;
    for (const [i, device] of devices.entries()) {
      device.ops = morningOps(courses, morning);
      device.events = morningEvents(device, courses, morning);
      // At school: the devices come back through the school's address(es).
      device.moveTo(deviceAddress(devicesCount + readersCount + (i % schoolAddresses)));
    }
    console.log(
      `  ${devicesCount + readersCount} teachers seeded and signed in in ${((performance.now() - t0) / 1000).toFixed(0)} s; ` +
        `${courses.length} free courses (${courses.reduce((n, c) => n + c.modules.length, 0)} modules); ` +
        `the storm's devices share ${schoolAddresses} address(es); load average ${load()}`,
    );

    const t = tally();
    const readerRun = startReaders(publicUrl, balancer.urls, readerDevices, courses);
    await sleep(5000); // the other teachers' requests before the storm, for comparison
    const cpuBefore = instances.map((i) => cpuSeconds(i.pid));
    balancer.served.fill(0);
    const storm = { start: now(), end: 0 };
    await Promise.all(
      devices.map(async (device) => {
        await sleep(Math.random() * windowMs);
        await reconnect(device, t);
      }),
    );
    storm.end = now();
    const apiCpu = instances.map((i, n) => cpuSeconds(i.pid) - cpuBefore[n]);
    const backends = await backendCpu(database.url);
    const readerSamples = await readerRun.stop();
    const loadAfter = load();
    const db = await databaseCounts(database.url, devices);
    console.log(`  PostgreSQL, two instances (load average after the storm ${loadAfter}):`);
    const ok = report(devices, t, db, readerSamples, storm, balancer);
    const perDevice = ((apiCpu[0] + apiCpu[1]) * 1000) / devices.length;
    console.log(
      `    CPU during the storm (readers included): api instances ${apiCpu.map((c) => `${c.toFixed(1)} s`).join(' + ')} ` +
        `= ${ms(perDevice)} per reconnecting device; PostgreSQL backends of this database ${backends.toFixed(1)} s ` +
        `(since they connected) (no budget; docs/scaling.md)`,
    );
    for (const d of [...devices, ...readerDevices]) d.close();
    return ok;
  } finally {
    for (const instance of instances) await instance.stop();
    database.drop();
  }
}

if (isMainThread && isMain(import.meta.url)) process.exit((await benchReconnectStorm()) ? 0 : 1);

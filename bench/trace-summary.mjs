// Reads a trace kept by the warm or offline bench (BENCH_TRACE_DIR) and prints what the page's main
// thread did before the lesson painted: each long task (>= 150 ms, or LONG_TASK_MS) with the scripts
// its CPU samples fell in, the app's requests, and the paint marks. Times are from the navigation.
//   node bench/trace-summary.mjs dir/warm-module-1.trace.json
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/trace-summary.mjs <file.trace.json>');
  process.exit(2);
}
const longTaskUs = Number(process.env.LONG_TASK_MS ?? 150) * 1000;
const { traceEvents: events } = JSON.parse(readFileSync(file, 'utf8'));
// The module page's navigation: named by its URL, or (Chromium leaves the URL empty for a page the
// service worker answers) the main-frame navigation of the process that was profiled.
const profiled = new Set(events.filter((e) => e.name === 'Profile').map((e) => e.pid));
const navigations = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isOutermostMainFrame);
const navigation =
  navigations.find((e) => /\/module\//.test(e.args?.data?.documentLoaderURL ?? '')) ??
  navigations.filter((e) => profiled.has(e.pid)).at(-1);
if (!navigation) throw new Error('no navigation to a module page in this trace');
const { pid, tid, ts: t0 } = navigation;
const at = (ts) => `${((ts - t0) / 1000).toFixed(0).padStart(6)} ms`;
const script = (url) => (url ?? '').replace(/^.*\//, '');

// The V8 CPU profile of the page's process: samples with their stacks.
const nodes = new Map();
const samples = [];
const clocks = {};
for (const e of events) {
  if (e.pid !== pid || (e.name !== 'Profile' && e.name !== 'ProfileChunk')) continue;
  if (e.name === 'Profile') {
    clocks[e.id] = e.args.data.startTime;
    continue;
  }
  const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
  for (const n of cpuProfile.nodes ?? [])
    nodes.set(`${e.id}:${n.id}`, { ...n, parentKey: n.parent && `${e.id}:${n.parent}` });
  (cpuProfile.samples ?? []).forEach((id, i) => {
    clocks[e.id] = (clocks[e.id] ?? 0) + timeDeltas[i];
    samples.push({ ts: clocks[e.id], key: `${e.id}:${id}` });
  });
}

/** The scripts the samples between `from` and `to` fell in (counted once per stack). */
function scriptsBetween(from, to) {
  const counts = {};
  let total = 0;
  for (const s of samples) {
    if (s.ts < from || s.ts > to) continue;
    total++;
    const seen = new Set();
    for (let n = nodes.get(s.key); n; n = nodes.get(n.parentKey)) {
      const name = script(n.callFrame.url);
      if (name && !seen.has(name)) {
        seen.add(name);
        counts[name] = (counts[name] ?? 0) + 1;
      }
    }
  }
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, n]) => `${name} ${Math.round((100 * n) / Math.max(1, total))}%`)
    .join(', ');
}

const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= t0);
let busy = 0;
console.log(`Long tasks on the page's main thread (>= ${longTaskUs / 1000} ms):`);
for (const task of main.filter((e) => e.name === 'RunTask')) {
  busy += task.dur;
  if (task.dur < longTaskUs) continue;
  const inside = main.filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur && e !== task);
  const kinds = {};
  for (const e of inside)
    if (
      /^(v8\.evaluateModule|EvaluateScript|FunctionCall|Layout|UpdateLayoutTree|Paint|ParseHTML|MinorGC|MajorGC)$/.test(
        e.name,
      )
    )
      kinds[e.name] = (kinds[e.name] ?? 0) + e.dur;
  const what = Object.entries(kinds)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, d]) => `${k} ${(d / 1000).toFixed(0)}`)
    .join(', ');
  console.log(
    `  ${at(task.ts)}  ${(task.dur / 1000).toFixed(0).padStart(5)} ms  ${what}  [${scriptsBetween(task.ts, task.ts + task.dur)}]`,
  );
}
console.log(`Main thread busy in tasks: ${(busy / 1000).toFixed(0)} ms`);

console.log('Requests of the page and the app:');
const finished = new Map(
  events.filter((e) => e.name === 'ResourceFinish').map((e) => [e.args.data.requestId, e]),
);
for (const e of events.filter((x) => x.name === 'ResourceSendRequest' && x.ts >= t0)) {
  const url = new URL(e.args.data.url);
  if (!/^\/api\/|\/module\//.test(url.pathname)) continue;
  const end = finished.get(e.args.data.requestId);
  console.log(`  ${at(e.ts)}  ${url.pathname}${url.search}  ended ${end ? at(end.ts).trim() : '-'}`);
}
console.log('Paints:');
for (const e of events.filter(
  (x) =>
    x.pid === pid && x.ts >= t0 && /^(firstContentfulPaint|largestContentfulPaint::Candidate)$/.test(x.name),
))
  console.log(`  ${at(e.ts)}  ${e.name} ${e.args?.data?.nodeName ?? ''} ${e.args?.data?.size ?? ''}`);

// Self time by script until the lesson's paint (the last LCP candidate): where the CPU went.
const lcpEvent = events
  .filter((x) => x.pid === pid && x.ts >= t0 && x.name === 'largestContentfulPaint::Candidate')
  .at(-1);
if (lcpEvent) {
  const selfTime = {};
  const interval = samples.length > 1 ? (samples.at(-1).ts - samples[0].ts) / samples.length : 0;
  for (const s of samples) {
    if (s.ts < t0 || s.ts > lcpEvent.ts) continue;
    const n = nodes.get(s.key);
    const name = n ? script(n.callFrame.url) || `(${n.callFrame.functionName || 'program'})` : '?';
    selfTime[name] = (selfTime[name] ?? 0) + interval;
  }
  console.log('CPU self time by script until the lesson painted (sampled):');
  for (const [name, us] of Object.entries(selfTime)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14))
    console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
}

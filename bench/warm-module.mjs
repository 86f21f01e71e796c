// Warm module page (docs: /work/shared/BENCHMARKS.md): a signed-in teacher who visited the app
// before (persistent Chromium profile, course and module opened once, service worker in control)
// opens the module page in a new tab with the CPU slowed down 4x and the network unthrottled.
// Budget: the lesson's largest-contentful-paint <= 1.0 s, median of 5 runs. BENCH_TRACE_DIR=dir keeps
// a Chromium trace of each run (tracing slows the page: figures of a traced run are not the bench's).
import { join } from 'node:path';
import {
  benchmarkIndex,
  browserRuns,
  cpuSlowdown,
  courseSlug,
  describeRequests,
  launchProfile,
  measureVisit,
  moduleId,
  prepareReturningTeacher,
  report,
} from './browser.mjs';
import { isMain, ms, startApi } from './lib.mjs';

const budgetMs = 1000;

export async function benchWarmModule() {
  const api = await startApi(Number(process.env.BENCH_PORT ?? 4315));
  const browser = await launchProfile();
  try {
    console.log(
      `\nWarm module page: returning signed-in teacher, service worker in control, new tab on /${courseSlug}/module/${moduleId}, ` +
        `CPU ${cpuSlowdown}x slower, network unthrottled, 412x823 mobile screen; median of ${browserRuns}`,
    );
    const target = await prepareReturningTeacher(api, browser.context);
    const lcps = [];
    for (let run = 1; run <= browserRuns; run++) {
      const index = await benchmarkIndex(browser.context);
      const traceDir = process.env.BENCH_TRACE_DIR;
      const { visible, lcp, requests } = await measureVisit(browser.context, target, {
        traceFile: traceDir ? join(traceDir, `warm-module-${run}.trace.json`) : undefined,
      });
      // The lesson's LCP: the newest candidate when the lesson painted it; when the newest is something
      // else (the app shell's header, painted before the lesson), the lesson painted no larger element
      // and its own paint, the time it became visible, is the one that counts.
      const lessonLcp = lcp?.inLesson ? lcp.time : Math.max(lcp?.time ?? 0, visible);
      lcps.push(lessonLcp);
      console.log(
        `  run ${run}: benchmarkIndex ${index}; lesson LCP ${ms(lessonLcp)} ` +
          `(newest LCP entry ${ms(lcp?.time)}: ${lcp?.what ?? 'none'}${lcp?.inLesson ? '' : ', not in the lesson'}); ` +
          `lesson visible ${ms(visible)}; ${describeRequests(requests)}`,
      );
    }
    return report('lesson LCP', lcps, budgetMs);
  } finally {
    await browser.close();
    await api.stop();
  }
}

if (isMain(import.meta.url)) process.exit((await benchWarmModule()) ? 0 : 1);

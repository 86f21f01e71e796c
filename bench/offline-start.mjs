// Offline start (docs: /work/shared/BENCHMARKS.md): the warm bench's profile, with the course
// downloaded through the app's 'Download for offline' button, then the network off
// (context.setOffline(true); the app's server is stopped too, so nothing can leak through) and a
// new tab on the module page with the CPU slowed down 4x. Measured: the time from the navigation's
// start until the lesson's heading and first paragraph are laid out. Budget <= 1.0 s, median of 5.
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

export async function benchOfflineStart() {
  const api = await startApi(Number(process.env.BENCH_PORT ?? 4316));
  const browser = await launchProfile();
  try {
    console.log(
      `\nOffline start: returning signed-in teacher, course downloaded, network off, new tab on /${courseSlug}/module/${moduleId}, ` +
        `CPU ${cpuSlowdown}x slower, 412x823 mobile screen; median of ${browserRuns}`,
    );
    const target = await prepareReturningTeacher(api, browser.context, { download: true });
    await api.stop();
    await browser.context.setOffline(true);
    const times = [];
    for (let run = 1; run <= browserRuns; run++) {
      const index = await benchmarkIndex(browser.context);
      const traceDir = process.env.BENCH_TRACE_DIR;
      const { visible, lcp, requests } = await measureVisit(browser.context, target, {
        traceFile: traceDir ? join(traceDir, `offline-start-${run}.trace.json`) : undefined,
      });
      times.push(visible);
      console.log(
        `  run ${run}: benchmarkIndex ${index}; lesson visible ${ms(visible)}; LCP ${ms(lcp?.time)} (${lcp?.what ?? 'none'}); ` +
          describeRequests(requests),
      );
    }
    return report('lesson visible', times, budgetMs);
  } finally {
    await browser.close();
    await api.stop();
  }
}

if (isMain(import.meta.url)) process.exit((await benchOfflineStart()) ? 0 : 1);

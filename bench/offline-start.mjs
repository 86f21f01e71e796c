// Offline start (README.md, "Benchmarks"): the warm bench's profile, with the course
// downloaded through the app's 'Download for offline' button, then the network off
// (context.setOffline(true); the app's server is stopped too, so nothing can leak through) and a
// new tab on the module page with the CPU slowed down 4x. Measured: the time from the navigation's
// start until the lesson's heading and first paragraph are laid out. Budget <= 1.0 s, median of 5.
import { runModuleVisits } from './browser.mjs';
import { isMain, ms } from './lib.mjs';

export function benchOfflineStart() {
  return runModuleVisits({
    name: 'offline-start',
    port: Number(process.env.BENCH_PORT ?? 4316),
    title: 'Offline start: returning signed-in teacher, course downloaded, network off',
    download: true,
    offline: true,
    label: 'lesson visible',
    budgetMs: 1000,
    score: ({ visible, lcp }) => [
      visible,
      `lesson visible ${ms(visible)}; LCP ${ms(lcp?.time)} (${lcp?.what ?? 'none'})`,
    ],
  });
}

if (isMain(import.meta.url)) process.exit((await benchOfflineStart()) ? 0 : 1);

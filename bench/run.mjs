// `npm run bench` (after `npm run build`): every budget bench, each printing its scenario, the
// machine's figures, every run, the median and PASS/FAIL against its budget (scenarios:
// README.md, "Benchmarks"). `node bench/run.mjs warm-module offline-start` runs only those.
// `course-size`, `chaos`, `license-members`, `admin-users`, `certificate-downloads`, `analytics` and
// `reconnect-storm`, `roster-import`, `assignments` and `audit-log` run only when named.
import { benchAdminUsers } from './admin-users.mjs';
import { benchAnalytics } from './analytics.mjs';
import { benchApiMixed } from './api-mixed.mjs';
import { benchAssignments } from './assignments.mjs';
import { benchAuditLog } from './audit-log.mjs';
import { benchBundleSize } from './bundle-size.mjs';
import { benchCertificateDownloads } from './certificate-downloads.mjs';
import { benchChaos } from './chaos.mjs';
import { benchCourseSize } from './course-size.mjs';
import { benchLicenseMembers } from './license-members.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchMembersCsv } from './members-csv.mjs';
import { benchOfflineStart } from './offline-start.mjs';
import { benchReconnectStorm } from './reconnect-storm.mjs';
import { benchRosterImport } from './roster-import.mjs';
import { benchSyncBatch } from './sync-batch.mjs';
import { benchWarmModule } from './warm-module.mjs';

const benches = {
  cold: [
    'cold page: Lighthouse mobile, catalogue and module page >= 90 (module LCP <= 2.5 s)',
    benchLighthouse,
  ],
  'warm-module': ['warm module page: lesson LCP <= 1.0 s @4x', benchWarmModule],
  'offline-start': ['offline start: lesson visible <= 1.0 s @4x', benchOfflineStart],
  'api-mixed': ['mixed API load: 0 errors, p99 <= 50 ms', benchApiMixed],
  'sync-batch': ['sync batch of 50 ops <= 100 ms', benchSyncBatch],
  bundle: ['initial JavaScript of the catalogue <= 200 KiB gzip', async () => benchBundleSize()],
  'course-size': ['downloaded course <= 2 MB', benchCourseSize],
  chaos: ['chaos sync: 0 ops lost or duplicated, p95 reconnect -> acked <= 5 s', benchChaos],
  'license-members': ['licence group members of 5,000: server p95 <= 300 ms', benchLicenseMembers],
  'admin-users': ['admin user list of 100,000: search and page server p95 <= 100 ms', benchAdminUsers],
  'certificate-downloads': [
    'parallel certificate downloads: health p99 within 2x of idle',
    benchCertificateDownloads,
  ],
  'reconnect-storm': [
    'reconnect storm, 300 devices on two instances: exactly once, saved p95 <= 5 s, others p99 <= 200 ms',
    benchReconnectStorm,
  ],
  'roster-import': [
    'roster import: 2,000-row preview p95 <= 1 s; 300 invitations created <= 2 s',
    benchRosterImport,
  ],
  'members-csv': [
    'members CSV of 5,000: first byte <= 300 ms, whole <= 2 s; health p99 within 2x of idle while 5 admins download',
    benchMembersCsv,
  ],
  analytics: ['analytics ingest >= 2,000 events/s; dashboard p95 <= 300 ms at 10M events', benchAnalytics],
  assignments: [
    'assignment view of 5,000 members p95 <= 300 ms; weekly digest of 500 groups of 300 members <= 60 s',
    benchAssignments,
  ],
  'audit-log': ['audit log of 1,000,000 rows: a filtered page p95 <= 300 ms', benchAuditLog],
};
const aliases = { lighthouse: 'cold', size: 'bundle' };
const byDefault = ['cold', 'warm-module', 'offline-start', 'api-mixed', 'sync-batch', 'bundle'];

const asked = process.argv.slice(2).map((name) => aliases[name] ?? name);
const unknown = asked.filter((name) => !benches[name]);
if (unknown.length) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Names: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
const results = [];
for (const key of asked.length ? asked : byDefault) {
  const [name, run] = benches[key];
  try {
    results.push([key, name, await run()]);
  } catch (error) {
    console.error(`\n${key}: the bench itself failed: ${error.stack ?? error}`);
    results.push([key, name, false]);
  }
}
console.log('\nBudgets:');
for (const [key, name, ok] of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${key.padEnd(14)} ${name}`);
process.exit(results.every(([, , ok]) => ok) ? 0 : 1);

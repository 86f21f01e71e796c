// Roster import (issue 27; a scale bench of README.md, "Benchmarks"): the demo license admin
// previews a 2,000-row roster (POST /api/license-groups/{id}/roster, dryRun; 30 runs, budget p95
// <= 1 s) and imports 300 rows (300 invitations and their 300 e-mails in the outbox in one
// transaction; budget <= 2 s), then the page's progress call is polled until the e-mails have left
// at the outbox's rate (MAIL_RATE_PER_MINUTE, reported, no budget: it is the chosen pace). On
// PGlite, with the dev mailbox. The super admin first raises the demo group to 2,000 seats.
import { isMain, ms, percentile, signInCookie, sleep, startApi, verdict } from './lib.mjs';

const dryRuns = Number(process.env.ROSTER_DRY_RUNS ?? 30);
const mailRate = process.env.MAIL_RATE_PER_MINUTE ?? '6000';

const rows = (n, tag) =>
  Array.from({ length: n }, (_, i) => ({
    email: `${tag}-${i}@district.bench.test`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    school: `School ${i % 12}`,
  }));

async function call(url, cookie, method, body) {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: new URL(url).origin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, body: json, ms: performance.now() - started };
}

export async function benchRosterImport(port = 4610) {
  const api = await startApi(port, { env: { MAIL_RATE_PER_MINUTE: mailRate } });
  try {
    const admin = await signInCookie(api.url, 'license-admin@demo.test');
    const superadmin = await signInCookie(api.url, 'superadmin@demo.test');
    const groups = await call(`${api.url}/api/license-groups/me`, admin, 'GET');
    const groupId = groups.body[0].id;
    const raised = await call(`${api.url}/api/license-groups/${groupId}/license-count`, superadmin, 'PATCH', {
      license_count: 2400,
    });
    if (raised.status !== 200)
      throw new Error(`licence count: ${raised.status} ${JSON.stringify(raised.body)}`);

    const roster = rows(2000, 'preview');
    const times = [];
    for (let i = 0; i < dryRuns; i++) {
      const res = await call(`${api.url}/api/license-groups/${groupId}/roster`, admin, 'POST', {
        rows: roster,
        dryRun: true,
      });
      if (res.status !== 200) throw new Error(`dry run: ${res.status} ${JSON.stringify(res.body)}`);
      times.push(res.ms);
    }
    const p95 = percentile(times, 95);
    const dryOk = p95 <= 1000;
    console.log(
      `  2,000-row dry run x${dryRuns}: p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)} (budget <= 1 s) ${verdict(dryOk)}`,
    );

    const imported = await call(`${api.url}/api/license-groups/${groupId}/roster`, admin, 'POST', {
      rows: rows(300, 'import'),
      dryRun: false,
    });
    if (imported.status !== 201)
      throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body)}`);
    const importOk = imported.ms <= 2000 && imported.body.summary.to_invite === 300;
    console.log(
      `  300-row import (300 invitations + 300 e-mails queued): ${ms(imported.ms)} (budget <= 2 s) ${verdict(importOk)}`,
    );

    const started = performance.now();
    let progress = null;
    for (;;) {
      const res = await call(
        `${api.url}/api/license-groups/${groupId}/roster-imports/${imported.body.import_id}`,
        admin,
        'GET',
      );
      progress = res.body.progress;
      if (progress.sending === 0) break;
      if (performance.now() - started > 10 * 60_000) break;
      await sleep(500);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  e-mails: ${progress.sent} sent, ${progress.not_delivered} not delivered in ${seconds.toFixed(1)} s at MAIL_RATE_PER_MINUTE=${mailRate} (progress polled as the page does)`,
    );
    return dryOk && importOk;
  } finally {
    await api.stop();
  }
}

if (isMain(import.meta.url)) {
  benchRosterImport().then((ok) => process.exit(ok ? 0 : 1));
}

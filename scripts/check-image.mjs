// `npm run check:image`: the production image's runtime stage, checked without Docker.
//
// Lays out a folder exactly as the Dockerfile's runtime stage does (its COPY lines and its
// `npm ci`, read from the Dockerfile itself), then starts its CMD the way docker-compose.yml runs
// it: NODE_ENV=production, a PostgreSQL database, SMTP to a mail sink. It checks the health call,
// the home page, and that signing up sends the verification e-mail over SMTP with a working link.
// Then two instances of it behind a reverse proxy, as docker-compose.yml runs them
// (check-image-pair.mjs): one session on both, one e-mail per outbox row, one reminder.
//
// Needs `npm run build` first and a PostgreSQL server: CHECK_IMAGE_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) is used to create and drop a throwaway database.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { checkPair } from './check-image-pair.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.CHECK_IMAGE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.CHECK_IMAGE_PORT ?? 3999);

/** The runtime stage of the Dockerfile: its COPY lines and its `npm ci`. */
function runtimeStage() {
  const lines = readFileSync(path.join(root, 'Dockerfile'), 'utf8').split('\n');
  const start = lines.findIndex((l) => /^FROM .* AS runtime$/i.test(l.trim()));
  if (start < 0) throw new Error('Dockerfile: no `FROM ... AS runtime` stage');
  const copies = [];
  let install;
  for (const line of lines.slice(start + 1)) {
    const copy = line.match(/^COPY\s+(--from=build\s+)?(.+)$/);
    if (copy) {
      const parts = copy[2].trim().split(/\s+/);
      const dest = parts.pop();
      for (const src of parts) {
        const from = copy[1] ? path.join(root, path.relative('/app', src)) : path.join(root, src);
        copies.push({ from, to: dest.endsWith('/') ? path.join(dest, path.basename(src)) : dest });
      }
    }
    const run = line.match(/^RUN\s+(npm ci[^&]*)/);
    if (run) install = run[1].trim().split(/\s+/).slice(1);
  }
  if (!install) throw new Error('Dockerfile: the runtime stage has no `RUN npm ci`');
  return { copies, install };
}

function step(message) {
  console.log(`- ${message}`);
}

async function main() {
  if (!existsSync(path.join(root, 'api/dist/server.js')) || !existsSync(path.join(root, 'pwa/dist'))) {
    throw new Error('Build first: npm run build');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pd-image-'));
  const database = `pd_image_check_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (chunk) => (text += chunk));
      stream.on('end', () => {
        mails.push(text);
        done();
      });
    },
  });
  let app;
  try {
    const { copies, install } = runtimeStage();
    for (const { from, to } of copies) {
      mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
      cpSync(from, path.join(dir, to), { recursive: true });
    }
    step(`runtime stage laid out in ${dir} (${copies.length} COPY sources)`);
    execFileSync('npm', install, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    step(`npm ${install.join(' ')}`);

    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;
    await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = smtp.server.address().port;

    const publicUrl = `http://localhost:${port}`;
    let output = '';
    app = spawn(process.execPath, ['api/dist/server.js'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        DATABASE_URL: databaseUrl.toString(),
        SESSION_SECRET: randomBytes(32).toString('hex'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'AI Classroom Academy <no-reply@localhost>',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app.stdout.on('data', (d) => (output += d));
    app.stderr.on('data', (d) => (output += d));
    const url = `http://127.0.0.1:${port}`;
    let healthy = false;
    for (let i = 0; i < 150 && !healthy && app.exitCode === null; i++) {
      healthy = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => new Promise((resolve) => setTimeout(() => resolve(false), 200)),
      );
    }
    if (!healthy) throw new Error(`the server did not become healthy:\n${output}`);
    step('GET /api/health answers 200 (PostgreSQL migrated, content loaded)');

    const home = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    const html = await home.text();
    if (home.status !== 200 || !html.includes('<div id="root">'))
      throw new Error(`GET / answered ${home.status}`);
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    if (!script || (await fetch(`${url}${script}`)).status !== 200)
      throw new Error('the page script is not served');
    if (!html.includes('Available Courses') || !html.includes('id="pd-first-screen"')) {
      throw new Error(
        'GET / is not the home page drawn on the server (pwa/dist-ssr missing from the image?)',
      );
    }
    step(`GET / serves the home page drawn on the server, and its script ${script}`);

    const email = `image.check.${Date.now()}@school.test`;
    const register = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify({
        name: 'Image Check',
        email,
        password: 'image-check-password-1',
        acceptTerms: true,
      }),
    });
    if (register.status !== 201)
      throw new Error(`sign-up answered ${register.status}: ${await register.text()}`);
    for (let i = 0; i < 75 && mails.length === 0; i++) await new Promise((r) => setTimeout(r, 200));
    const mail = (mails[0] ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = mail.match(/http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=[\w-]+/)?.[0];
    if (!link)
      throw new Error(`no verification e-mail with a link arrived over SMTP (${mails.length} mails)`);
    const verify = await fetch(link.replace(publicUrl, url), { redirect: 'manual' });
    if (verify.status >= 400) throw new Error(`the e-mailed link answered ${verify.status}`);
    step(`sign-up sent the verification e-mail over SMTP; its link answers ${verify.status}`);
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    await checkPair({ dir, adminUrl, basePort: port + 1 });
    console.log('\nThe runtime image layout works, alone and as two instances behind a proxy.');
  } finally {
    if (app && app.exitCode === null) {
      app.kill('SIGTERM');
      await new Promise((resolve) => app.once('exit', resolve));
    }
    smtp.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`\ncheck:image failed: ${error.message}`);
  process.exit(1);
});

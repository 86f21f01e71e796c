// The second half of `npm run check:image` (issue 31, item 4; decision 105): two instances of the
// image's runtime stage on one throwaway PostgreSQL database behind a reverse proxy, as
// docker-compose.yml runs them behind Caddy, checked without Docker.
//
// The proxy is http-proxy-3 ending TLS with a certificate made here by `openssl` (Caddy's role in
// compose): it spreads requests round-robin over both instances and sends X-Forwarded-For, -Proto
// and -Host as Caddy does (`xfwd`); the instances run with TRUST_PROXY=1 and an https PUBLIC_URL.
// It checks: both instances start together on the empty database (decision 106); sign-ups through
// either instance send one e-mail per outbox row (both mailers drain one outbox); a session signed
// in through one instance is served by the other; a sign-out is seen by both; and after both
// instances restart together against one due invitation reminder, its e-mail goes out once.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createProxyServer } from 'http-proxy-3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function step(message) {
  console.log(`- ${message}`);
}

async function until(what, test, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** A certificate for localhost, for the proxy's TLS (what Caddy makes itself in compose). */
function makeCertificate(dir) {
  const key = path.join(dir, 'proxy-key.pem');
  const cert = path.join(dir, 'proxy-cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error(
      `openssl could not make the proxy's test certificate (is openssl installed?): ${error.message}`,
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** The image's command, as docker-compose.yml's app1 and app2 run it. */
function startInstance(dir, name, port, env) {
  let output = '';
  const child = spawn(process.execPath, ['api/dist/server.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    healthy: async () => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && child.exitCode === null) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await sleep(200);
      }
      throw new Error(`${name} did not become healthy:\n${output}`);
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** A browser's cookie jar and its requests through the proxy (it trusts the proxy's certificate). */
class Browser {
  constructor(origin, ca) {
    this.origin = origin;
    this.ca = ca;
    this.cookies = new Map();
  }

  send(method, pathAndQuery, body) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (method !== 'GET') headers.origin = this.origin;
    return new Promise((resolve, reject) => {
      const req = https.request(`${this.origin}${pathAndQuery}`, { method, headers, ca: this.ca }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const eq = pair.indexOf('=');
            const value = pair.slice(eq + 1);
            if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line))
              this.cookies.delete(pair.slice(0, eq));
            else this.cookies.set(pair.slice(0, eq), value);
          }
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: parsed,
            setCookies: res.headers['set-cookie'] ?? [],
          });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
}

/** The proxy: TLS ends here; each request goes to the next instance, with X-Forwarded-* (xfwd). */
async function startProxy(port, tls, instances) {
  const proxy = createProxyServer({ xfwd: true });
  let next = 0;
  const server = https.createServer(tls, (req, res) => {
    const instance = instances[next++ % instances.length];
    // Which instance answered, for the check (a proxy's access log would say it).
    res.setHeader('x-check-instance', instance.name);
    proxy.web(req, res, { target: instance.url }, (error) => {
      res.writeHead(502);
      res.end(`proxy: ${error.message}`);
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A license admin's group with one invitation last sent 4 days ago: its day-3 reminder is due. */
const dueReminderSql = `
  WITH admin AS (
    INSERT INTO users (name, email, password_hash, role, email_verified)
    VALUES ('Pat Purchaser', 'purchaser@image-check.test', 'not-a-password-hash', 'license_admin', true)
    RETURNING id),
  grp AS (
    INSERT INTO license_groups (name, purchaser_id, license_count) SELECT 'Image Check School', id, 10 FROM admin
    RETURNING id)
  INSERT INTO invites (license_group_id, email, code_hash, invited_by, expires_at, last_sent_at)
  SELECT grp.id, 'invitee@image-check.test', md5(random()::text), admin.id, now() + interval '10 days', now() - interval '4 days'
  FROM grp, admin`;

export async function checkPair({ dir, adminUrl, basePort }) {
  console.log('\nTwo instances behind a reverse proxy (docker-compose.yml):');
  const database = `pd_image_pair_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (chunk) => (text += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), text });
        done();
      });
    },
  });
  const certDir = mkdtempSync(path.join(tmpdir(), 'pd-image-proxy-'));
  let db;
  let instances = [];
  let proxy;
  const proxyPort = basePort + 2;
  const origin = `https://localhost:${proxyPort}`;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;
    db = new pg.Client({ connectionString: databaseUrl.toString() });
    await db.connect();
    await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: origin,
      TRUST_PROXY: '1',
      DATABASE_URL: databaseUrl.toString(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
      MAIL_FROM: 'AI Classroom Academy <no-reply@localhost>',
      LOG_LEVEL: 'warn',
    };
    const startBoth = async () => {
      instances = [startInstance(dir, 'app1', basePort, env), startInstance(dir, 'app2', basePort + 1, env)];
      await Promise.all(instances.map((i) => i.healthy()));
    };
    await startBoth();
    step('app1 and app2 started together on one empty PostgreSQL database; both answer /api/health');

    const tls = makeCertificate(certDir);
    proxy = await startProxy(proxyPort, tls, instances);
    const browser = new Browser(origin, tls.cert);

    // Sign-ups through the proxy, spread over both instances: one e-mail per outbox row.
    const emails = Array.from({ length: 6 }, (_, i) => `pair.${i}.${Date.now()}@school.test`);
    const servedBy = new Set();
    for (const email of emails) {
      const res = await new Browser(origin, tls.cert).send('POST', '/api/auth/register', {
        name: 'Pair Check',
        email,
        password: 'image-check-password-1',
        acceptTerms: true,
      });
      if (res.status !== 201)
        throw new Error(`sign-up through the proxy answered ${res.status}: ${JSON.stringify(res.body)}`);
      servedBy.add(res.headers['x-check-instance']);
    }
    const outbox = await until('every outbox row sent', async () => {
      const { rows } = await db.query(
        `SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 'sent')::int AS sent FROM email_outbox`,
      );
      return rows[0].rows > 0 && rows[0].rows === rows[0].sent ? rows[0] : null;
    });
    await sleep(1500); // a second delivery of a row, if there were one, would arrive by now
    const perRecipient = emails.map((e) => mails.filter((m) => m.to.includes(e)).length);
    if (mails.length !== outbox.rows || perRecipient.some((n) => n !== 1))
      throw new Error(
        `${outbox.rows} outbox rows, ${mails.length} SMTP deliveries (per sign-up: ${perRecipient.join(', ')})`,
      );
    step(
      `${emails.length} sign-ups served by ${[...servedBy].sort().join(' and ')}: ${outbox.rows} outbox rows, ${mails.length} SMTP deliveries, one per row`,
    );

    // Sign in through one instance, be served by the other with the same session.
    const mail = mails
      .find((m) => m.to.includes(emails[0]))
      .text.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const link = mail.match(/https:\/\/localhost:\d+\/api\/auth\/verify-email\?token=[\w-]+/)?.[0];
    if (!link) throw new Error('the verification e-mail has no link to the public address');
    const verified = await browser.send('GET', link.slice(origin.length));
    if (verified.status >= 400)
      throw new Error(`the e-mailed link answered ${verified.status} through the proxy`);
    const login = await browser.send('POST', '/api/auth/login', {
      email: emails[0],
      password: 'image-check-password-1',
    });
    if (login.status !== 200)
      throw new Error(`sign-in through the proxy answered ${login.status}: ${JSON.stringify(login.body)}`);
    const cookie = login.setCookies.find((c) => c.startsWith('__Host-'));
    if (!cookie || !/;\s*secure/i.test(cookie))
      throw new Error(
        `the session cookie is not a Secure __Host- cookie (X-Forwarded-Proto not trusted?): ${login.setCookies.join(' | ')}`,
      );
    const signedInOn = login.headers['x-check-instance'];
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const me = await browser.send('GET', '/api/auth/me');
      answers.push([me.headers['x-check-instance'], me.status, me.body?.email]);
    }
    const other = answers.filter(([name]) => name !== signedInOn);
    if (other.length === 0 || answers.some(([, status, email]) => status !== 200 || email !== emails[0]))
      throw new Error(`after signing in on ${signedInOn}, /api/auth/me answered ${JSON.stringify(answers)}`);
    step(
      `signed in through ${signedInOn} (a Secure __Host- cookie: X-Forwarded-Proto https trusted); ${other[0][0]} serves the same session`,
    );

    // Sign out on one; both refuse the session once the session cache's window (decision 012) is over.
    const logout = await browser.send('POST', '/api/auth/logout', {});
    if (logout.status !== 200) throw new Error(`sign-out answered ${logout.status}`);
    await sleep(2500);
    const after = [];
    for (let i = 0; i < 4; i++) {
      const me = await browser.send('GET', '/api/auth/me');
      after.push([me.headers['x-check-instance'], me.status]);
    }
    if (new Set(after.map(([name]) => name)).size !== 2 || after.some(([, status]) => status !== 401))
      throw new Error(`after signing out on ${logout.headers['x-check-instance']}: ${JSON.stringify(after)}`);
    step(
      `signed out through ${logout.headers['x-check-instance']}; both instances answer 401 to the old session`,
    );

    // One due invitation reminder; both instances restart together and run their housekeeping.
    await db.query(dueReminderSql);
    const before = mails.length;
    await Promise.all(instances.map((i) => i.stop()));
    await proxy.close();
    await startBoth();
    proxy = await startProxy(proxyPort, tls, instances);
    const reminders = await until('the reminder e-mail', () =>
      mails.filter((m) => m.to.includes('invitee@image-check.test')).length > 0 ? true : null,
    );
    await sleep(3000); // both schedulers ran at start; a second reminder would be on its way by now
    const { rows } = await db.query(
      `SELECT (SELECT reminders_sent FROM invites WHERE email = 'invitee@image-check.test') AS sent,
              (SELECT count(*)::int FROM email_outbox WHERE "to" = 'invitee@image-check.test') AS queued`,
    );
    const delivered = mails.slice(before).filter((m) => m.to.includes('invitee@image-check.test')).length;
    if (!reminders || delivered !== 1 || rows[0].queued !== 1 || rows[0].sent !== 1)
      throw new Error(
        `one due reminder: ${delivered} e-mails delivered, ${rows[0].queued} queued, reminders_sent ${rows[0].sent}`,
      );
    step(
      'both instances restarted together and ran their housekeeping: one due invitation reminder, one e-mail',
    );
  } catch (error) {
    for (const i of instances) if (i.output()) console.error(`--- ${i.name}:\n${i.output().slice(-3000)}`);
    throw error;
  } finally {
    await proxy?.close();
    await Promise.all(instances.map((i) => i.stop()));
    smtp.close();
    await db?.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(certDir, { recursive: true, force: true });
  }
}

import { request as httpRequest, Agent } from 'node:http';
import { gzipSync } from 'node:zlib';
import { endpoints } from '@pd/domain';

/** A seeded PRNG (mulberry32): the same seed sends the same requests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const nastyStrings = [
  '\u0000',
  'a\u0000b',
  'teacher\u0000@school.test',
  '%00',
  '',
  ' ',
  'x'.repeat(5000),
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u202eevil',
  '😀'.repeat(50),
  '\ud800',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'null',
  '{}',
  'ai-tools-beyond-chatgpt',
  'teacher@school.test',
  '00000000-0000-0000-0000-000000000000',
];
const nastyNumbers = [0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE, 1e-300];
const keys = [
  'email',
  'password',
  'name',
  'token',
  'code',
  'answers',
  'ops',
  'opId',
  'type',
  'courseSlug',
  'moduleId',
  'generation',
  'completed',
  'score',
  'plan',
  'promoCode',
  'emails',
  'totalLicenses',
  'licenseCount',
  'schoolName',
  'newsletter',
  'inviteCode',
  '__proto__',
  'constructor',
];
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO', 'MKCOL'];

/** Malformed requests across every route of the endpoint table. */
export function fuzzRequests(seed: number, count: number, origin: string): FuzzRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const table = Object.values(endpoints);

  const value = (depth: number): unknown => {
    const r = random();
    if (r < 0.35) return pick(nastyStrings);
    if (r < 0.5) return pick(nastyNumbers);
    if (r < 0.55) return random() < 0.5;
    if (r < 0.6) return null;
    if (depth > 2) return pick(nastyStrings);
    if (r < 0.8) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    return object(depth + 1);
  };
  const object = (depth: number): Record<string, unknown> => {
    const o: Record<string, unknown> = {};
    const n = 1 + Math.floor(random() * 5);
    for (let i = 0; i < n; i++) o[pick(keys)] = value(depth);
    if (random() < 0.3)
      o.ops = [
        {
          opId: pick(nastyStrings),
          type: 'quiz-submitted',
          courseSlug: pick(nastyStrings),
          moduleId: 1,
          answers: [0],
        },
      ];
    return o;
  };
  const param = () => {
    const raw = pick([...nastyStrings, '1', '99999999999999999999', 'ai-tools-beyond-chatgpt']);
    // A lone surrogate has no UTF-8 form: send the bytes a broken client would (invalid UTF-8).
    return raw === '\ud800' ? '%ED%A0%80' : encodeURIComponent(raw);
  };

  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const endpoint = pick(table);
    let path = endpoint.path.replace(/:[a-zA-Z]+/g, () => param());
    const shape = random();
    if (shape < 0.08) path = path.toUpperCase();
    else if (shape < 0.12) path = `${path}?${pick(keys)}=${param()}`;
    else if (shape < 0.14) path = `${path}/%00`;
    const method = random() < 0.75 ? endpoint.method : pick(methods);
    const headers: Record<string, string> = {};
    if (random() < 0.9) headers.origin = origin;
    let body: Buffer | undefined;
    const kind = random();
    if (method !== 'GET' && method !== 'HEAD') {
      headers['content-type'] =
        random() < 0.9
          ? 'application/json'
          : pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']);
      const json = Buffer.from(JSON.stringify(random() < 0.85 ? object(0) : value(0)) ?? 'null');
      if (kind < 0.1) {
        // A broken gzip body: random bytes, or a valid stream cut short.
        headers['content-encoding'] = 'gzip';
        body =
          random() < 0.5
            ? Buffer.from(Array.from({ length: 40 }, () => Math.floor(random() * 256)))
            : gzipSync(json).subarray(0, 12);
      } else if (kind < 0.14) {
        headers['content-encoding'] = pick(['deflate', 'br', 'compress', 'x-unknown']);
        body = Buffer.from(Array.from({ length: 30 }, () => Math.floor(random() * 256)));
      } else if (kind < 0.2) {
        body = Buffer.from(
          pick(['{', '{"email":', '[1,2', '\u0000', 'nul\u0000', '{"a":"\\u0000"}', 'true', '"x"']),
        );
      } else if (kind < 0.22) {
        body = Buffer.from(`{"name":"${'x'.repeat(120_000)}"}`);
      } else {
        body = json;
      }
    }
    out.push({ method, path, headers, body });
  }
  return out;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** Sends one request as is (any method, any bytes) over real HTTP. */
export function sendRaw(baseUrl: string, req: FuzzRequest, cookie?: string): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (cookie) headers.cookie = cookie;
    if (req.body) headers['content-length'] = String(req.body.length);
    const r = httpRequest(
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

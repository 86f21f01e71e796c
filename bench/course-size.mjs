// Bytes a course download stores on the device (pwa/src/offline/downloads.ts): the course JSON from
// GET /api/content/courses/:slug plus every module image, as Cache Storage keeps them (decoded), for every
// course; the largest one against the budget of 2 MB (videos are embeds and never downloaded).
import { pathToFileURL } from 'node:url';
import { signInCookie, startApi, verdict } from './lib.mjs';

const budgetBytes = 2 * 1000 * 1000;

/** Decoded bytes of a GET, and what went over the wire with compression. */
async function measure(url, cookie) {
  const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  return { body, bytes: body.byteLength, encoding: res.headers.get('content-encoding') ?? 'identity' };
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

export async function benchCourseSize() {
  const api = await startApi(Number(process.env.COURSE_SIZE_PORT ?? 4319));
  try {
    // The superadmin may open every course, coming-soon ones included.
    const cookie = await signInCookie(
      api.url,
      'superadmin@demo.test',
      process.env.DEMO_PASSWORD ?? 'demo-password',
    );
    const { courses } = await (await fetch(`${api.url}/api/content/catalogue`)).json();
    const rows = [];
    for (const summary of courses) {
      const json = await measure(`${api.url}/api/content/courses/${summary.slug}`, cookie);
      const { course } = JSON.parse(json.body.toString('utf8'));
      const images = [...new Set(course.modules.map((m) => m.image).filter(Boolean))];
      let imageBytes = 0;
      for (const src of images) imageBytes += (await measure(`${api.url}${src}`, cookie)).bytes;
      rows.push({
        slug: summary.slug,
        modules: course.modules.length,
        images: images.length,
        jsonBytes: json.bytes,
        imageBytes,
        total: json.bytes + imageBytes,
      });
    }
    rows.sort((a, b) => b.total - a.total);
    console.log('\nDownloaded course size (course JSON + images, decoded), every course:');
    for (const r of rows)
      console.log(
        `  ${r.slug.padEnd(36)} ${String(r.modules).padStart(2)} modules  JSON ${kb(r.jsonBytes).padStart(9)}  ` +
          `${String(r.images).padStart(2)} images ${kb(r.imageBytes).padStart(9)}  total ${kb(r.total).padStart(9)}`,
      );
    const largest = rows[0];
    const ok = largest.total <= budgetBytes;
    console.log(
      `  largest: ${largest.slug} ${kb(largest.total)} (budget <= ${kb(budgetBytes)}, videos excluded) ${verdict(ok)}`,
    );
    return ok;
  } finally {
    await api.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchCourseSize();
  process.exit(ok ? 0 : 1);
}

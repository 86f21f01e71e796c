import { z } from 'zod';
import { CourseSummary } from './content.js';
import { pagePlaceholders } from './pages.js';

const template = z
  .string()
  .refine((html) => Object.values(pagePlaceholders).every((p) => html.split(p).length === 2), {
    message: 'the page template must hold each placeholder exactly once',
  });

/** An asset the page preloads: a root-relative path under /assets/. */
const assetPath = z.string().regex(/^\/assets\/[\w.-]+\.js$/);

export const PagesManifest = z.strictObject({
  /** index.html as built, with `pagePlaceholders` in place of the shell's parts. */
  template,
  /** What the plain app shell puts in place of the head and html placeholders. */
  shell: z.strictObject({ head: z.string(), html: z.string() }),
  /** The server entry's file (a `PageRenderer`), relative to the dist folder. */
  renderer: z.string().min(1),
  /** Per lazily loaded screen: the script chunks to preload with its page (beyond the template's own). */
  screens: z.strictObject({
    course: z.array(assetPath),
    module: z.array(assetPath),
  }),
});
export type PagesManifest = z.infer<typeof PagesManifest>;

/**
 * The renderer contract: what the pwa's server entry exports. `renderSignedOutHome` draws the home
 * page a signed-out visitor sees, from the catalogue's courses, with the app's own components.
 */
export const PageRenderer = z.object({
  renderSignedOutHome: z.function({ input: [z.array(CourseSummary)], output: z.promise(z.string()) }),
});
export type PageRenderer = z.infer<typeof PageRenderer>;

/**
 * zod checks an object faster with code it compiles with `new Function`, after first trying
 * whether it may. The app's Content-Security-Policy allows no eval, so that try is a CSP violation
 * the browser reports on every page that reads data with zod (Lighthouse's best practices count it).
 * `z.config({ jitless: true })`, zod's public setting, tells zod never to try; checks stay as
 * strict, only the compiled shortcut is off.
 *
 * A classic zod object schema reads the setting when it is built (zod/mini's never compile). This
 * file is the first import of `first-load-contracts.ts`, the step of boot.ts that loads zod, and the
 * build puts it in the file that holds zod's core (vite.config.ts, `zod-mini`): every file that
 * builds a classic schema imports that core, so it runs after this. Not imported by boot.ts itself:
 * zod would then be evaluated with the entry, before the page paints (decision 079).
 */
import { z } from 'zod/mini';

z.config({ jitless: true });

import type { PageRenderer } from '@pd/domain';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { startSignedOutHome } from './first-screen-data';
import { AppProviders } from './providers';
import { routes } from './routes';

/** The app's routes at `pathname`, with the data in `queryClient`, as the browser would draw them. */
async function appAt(pathname: string, queryClient: QueryClient) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`the route ${pathname} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
}

/** One `<style>` element that emotion wrote next to the markup while drawing (its class names, its CSS). */
const emotionStyle = /<style data-emotion="css ([^"]*)">([\s\S]*?)<\/style>/g;

/**
 * Emotion writes each component's styles into a `<style>` element just before its first use: over a
 * hundred on a module page, each making the browser restyle the page while it reads it. They are
 * gathered, in the same order, into one element before the page, the form emotion's own
 * server tools give: in the browser emotion moves it into `<head>` and knows its class names, as
 * for the separate elements.
 */
export function gatherStyles(html: string): string {
  const names: string[] = [];
  const css: string[] = [];
  const rest = html.replace(emotionStyle, (_element, classNames: string, rules: string) => {
    names.push(classNames);
    css.push(rules);
    return '';
  });
  if (names.length === 0) return html;
  return `<style data-emotion="css ${names.join(' ')}">${css.join('')}</style>${rest}`;
}

/**
 * Decision 017: the home page as a signed-out visitor first sees it, drawn on the server (Node) from
 * the same components, so its HTML already holds the courses before any script has arrived. The
 * api renders it once at start-up with the catalogue it serves; the app then starts from the same
 * data (`readFirstScreenData`) and hydrates it (`main.tsx`). The api loads this module by the path
 * the pages manifest gives and checks it against the domain's `PageRenderer` contract.
 */
export const renderSignedOutHome = (async (courses) => {
  const queryClient = createQueryClient();
  startSignedOutHome(queryClient, courses);
  return gatherStyles(renderToString(await appAt('/', queryClient)));
}) satisfies PageRenderer['renderSignedOutHome'];

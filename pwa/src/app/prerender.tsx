import type { CourseSummary } from '@pd/domain';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { startSignedOutHome } from './first-screen-data';
import { AppProviders } from './providers';
import { routes } from './routes';

/**
 * Decision 017: the home page as a signed-out visitor first sees it, drawn on the server (Node) from
 * the same components, so its HTML already holds the courses before any script has arrived. The
 * api renders it once at start-up with the catalogue it serves; the app then starts from the same
 * data (`readFirstScreenData`) and hydrates it (`main.tsx`).
 */
export async function renderSignedOutHome(courses: CourseSummary[]): Promise<string> {
  const queryClient = createQueryClient();
  startSignedOutHome(queryClient, courses);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`the home route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

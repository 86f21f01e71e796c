import {
  catalogueResponseCheck,
  type CourseSummary,
  firstScreenDataId,
  type ModuleScreenData,
} from '@pd/domain';
import type { QueryClient } from '@tanstack/react-query';
import { meKeys } from '../lib/get-me';
import { contentKeys } from '../offline/catalogue';
import { readDataBlock } from '../lib/data-block';
import { progressKeys } from '../offline/progress-keys';

/**
 * The data cache of the signed-out home page: nobody signed in, and the catalogue. The server draws
 * the page from it (`prerender.tsx`) and the app starts from it (`App.tsx`), so both draw the same.
 */
export function startSignedOutHome(queryClient: QueryClient, courses: CourseSummary[]): void {
  queryClient.setQueryData(meKeys.all, null);
  queryClient.setQueryData(contentKeys.catalogue(), courses);
}

/**
 * Decision 017: the catalogue the server drew the home page with, when the page came drawn (a
 * signed-out visitor on `/`). The app starts from the same data, so its first render is the page
 * already on screen. Undefined otherwise, or when the block is not a valid catalogue.
 */
export function readFirstScreenData(doc: Document = document): CourseSummary[] | undefined {
  return readDataBlock(
    doc,
    firstScreenDataId,
    'home page',
    (json) => catalogueResponseCheck.parse(json).courses,
  );
}

/**
 * The data cache of a module page the server drew for a signed-in teacher (decision 018): who they
 * are, the course, and the server's records of it. The server draws the page from it
 * (`prerender.tsx`) and the app starts from it (`main.tsx`), so both draw the same; the device's
 * own progress joins in once IndexedDB has been read (`useCourseProgress`).
 */
export function startModuleScreen(queryClient: QueryClient, data: ModuleScreenData): void {
  queryClient.setQueryData(meKeys.all, data.me);
  queryClient.setQueryData(contentKeys.course(data.course.slug), data.course);
  queryClient.setQueryData(progressKeys.course(data.course.slug), data.progress);
}

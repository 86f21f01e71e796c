import { CatalogueResponse, type CourseSummary } from '@pd/domain';
import type { QueryClient } from '@tanstack/react-query';
import { meKeys } from '../offline/get-me';
import { contentKeys } from '../offline/catalogue';
import { readDataBlock } from '../lib/data-block';

/**
 * The data cache of the signed-out home page: nobody signed in, and the catalogue. The server draws
 * the page from it (`prerender.tsx`) and the app starts from it (`App.tsx`), so both draw the same.
 */
export function startSignedOutHome(queryClient: QueryClient, courses: CourseSummary[]): void {
  queryClient.setQueryData(meKeys.all, null);
  queryClient.setQueryData(contentKeys.catalogue(), courses);
}

/**
 * Decision 017: the catalogue the server drew the home page with, from the page's data block (boot.ts
 * finds it). The app starts from the same data, so its first render is the page already on screen.
 * Undefined when the block is not a valid catalogue.
 */
export function readFirstScreenData(block: HTMLElement): CourseSummary[] | undefined {
  return readDataBlock(block, 'home page', (json) => CatalogueResponse.parse(json).courses);
}

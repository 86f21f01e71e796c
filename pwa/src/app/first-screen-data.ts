import { catalogueResponseCheck, type CourseSummary } from '@pd/domain';

/** The JSON block the api adds to a signed-out visitor's home page (api/src/first-screen.ts). */
export const firstScreenDataId = 'pd-first-screen';

/**
 * Decision 017: the catalogue the server drew the home page with, when the page came drawn (a
 * signed-out visitor on `/`). The app starts from the same data, so its first render is the page
 * already on screen. Undefined otherwise, or when the block is not a valid catalogue.
 */
export function readFirstScreenData(doc: Document = document): CourseSummary[] | undefined {
  const element = doc.getElementById(firstScreenDataId);
  if (!element?.textContent) return undefined;
  try {
    return catalogueResponseCheck.parse(JSON.parse(element.textContent)).courses;
  } catch (error) {
    console.warn('The home page data could not be read; loading it again', error);
    return undefined;
  } finally {
    element.remove();
  }
}

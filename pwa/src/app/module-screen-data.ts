import { ModuleScreenData, moduleScreenDataId } from '@pd/domain';
import { afterFirstScreen } from '../offline/idle';
import { isLogoutPending, rememberProfile } from '../offline/profile';

/**
 * Decision 018: what the server drew this module page with, when it came drawn for a signed-in
 * teacher. Loaded on its own (it brings zod) only when the page holds the block. Undefined when the
 * block is missing or not valid, or when a sign-out made offline is still waiting to reach the
 * server (the app then starts as on any load, which finishes that sign-out first).
 */
export function readModuleScreenData(doc: Document = document): ModuleScreenData | undefined {
  const element = doc.getElementById(moduleScreenDataId);
  if (!element?.textContent) return undefined;
  try {
    if (isLogoutPending()) return undefined;
    return ModuleScreenData.parse(JSON.parse(element.textContent));
  } catch (error) {
    console.warn('The module page data could not be read; loading it again', error);
    return undefined;
  } finally {
    element.remove();
  }
}

/**
 * Keeps on the device what a fetch of the same data would have kept, once the page is up: the
 * signed-in profile (the app opens signed in offline) and the course (its lessons offline).
 */
export async function keepModuleScreenData(data: ModuleScreenData): Promise<void> {
  await afterFirstScreen();
  await rememberProfile(data.me);
  const { keepCourseOnDevice } = await import('../offline/course');
  await keepCourseOnDevice(data.course, data.me.id);
}

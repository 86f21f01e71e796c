import { ModuleScreenData, moduleScreenDataId } from '@pd/domain';
import { afterFirstScreen } from '../offline/idle';
import { isLogoutPending, rememberProfile } from '../offline/profile';
import { readDataBlock } from '../lib/data-block';

/**
 * Decision 018: what the server drew this module page with, when it came drawn for a signed-in
 * teacher. Loaded on its own (it brings zod) only when the page holds the block. Undefined when the
 * block is missing or not valid, or when a sign-out made offline is still waiting to reach the
 * server (the app then starts as on any load, which finishes that sign-out first).
 */
export function readModuleScreenData(doc: Document = document): ModuleScreenData | undefined {
  const data = readDataBlock(doc, moduleScreenDataId, 'module page', (json) => ModuleScreenData.parse(json));
  return isLogoutPending() ? undefined : data;
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

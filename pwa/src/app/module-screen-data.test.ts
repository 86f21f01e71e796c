import { type ModuleScreenData, moduleScreenDataId } from '@pd/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDataBlock } from '../test/data-block';
import { clearLogoutPending, markLogoutPending } from '../offline/profile';
import { buildCourse, buildProgressRecord } from '../test/course-fixtures';
import { readModuleScreenData } from './module-screen-data';

const course = buildCourse();
const data: ModuleScreenData = {
  me: {
    id: 'u1',
    name: 'Ada Teacher',
    email: 'ada@school.test',
    role: 'free',
    emailVerified: true,
    createdAt: '2026-11-01T00:00:00.000Z',
  },
  course,
  progress: [buildProgressRecord(course.slug, 1, true)],
};

const addBlock = (text: string) => addDataBlock(moduleScreenDataId, text);

afterEach(() => {
  document.getElementById(moduleScreenDataId)?.remove();
  clearLogoutPending();
  vi.restoreAllMocks();
});

describe('the module page data drawn by the server', () => {
  it('is read once: user, course and server records, and the block is removed', () => {
    addBlock(JSON.stringify(data));
    expect(readModuleScreenData()).toEqual(data);
    expect(document.getElementById(moduleScreenDataId)).toBeNull();
    expect(readModuleScreenData()).toBeUndefined();
  });

  it('is ignored, with a warning, when it does not have the shape of the api answers', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    addBlock(JSON.stringify({ ...data, me: { ...data.me, role: 'owner' } }));
    expect(readModuleScreenData()).toBeUndefined();
    addBlock('not json');
    expect(readModuleScreenData()).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('is not used while a sign-out made offline waits for the server (the app finishes it first)', () => {
    markLogoutPending();
    addBlock(JSON.stringify(data));
    expect(readModuleScreenData()).toBeUndefined();
    expect(document.getElementById(moduleScreenDataId)).toBeNull();
  });
});

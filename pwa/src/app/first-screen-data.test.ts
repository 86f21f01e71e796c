import { type CatalogueResponse, homeDataBlockId } from '@pd/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDataBlock } from '../test/data-block';
import { buildCourseSummary } from '../test/course-fixtures';
import { readFirstScreenData } from './first-screen-data';

const catalogue: CatalogueResponse = {
  courses: [buildCourseSummary(), buildCourseSummary({ id: 3, slug: 'prompt-engineering', isPremium: true })],
};

const addBlock = (text: string) => addDataBlock(homeDataBlockId, text);
const block = () => document.getElementById(homeDataBlockId)!;

afterEach(() => {
  document.getElementById(homeDataBlockId)?.remove();
  vi.restoreAllMocks();
});

describe('the home page data drawn by the server', () => {
  it('is read once: the courses, and the block is removed', () => {
    addBlock(JSON.stringify(catalogue));
    expect(readFirstScreenData(block())).toEqual(catalogue.courses);
    expect(document.getElementById(homeDataBlockId)).toBeNull();
  });

  it('is ignored, with a warning, when it is not a valid catalogue', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    addBlock('{"courses": [{"title": 1}]}');
    expect(readFirstScreenData(block())).toBeUndefined();
    addBlock('not json');
    expect(readFirstScreenData(block())).toBeUndefined();
    expect(document.getElementById(homeDataBlockId)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

import { endpoints, pathMatcher } from '@pd/domain';

/**
 * The roster call carries up to `limits.maxRosterRows` (2,000) rows with names and schools (issue
 * 27): about 100 to 200 bytes a row, past the 100 kB every other JSON body is held to. Its body may
 * reach 1 MB (500 bytes a row); the other calls keep their limit.
 */
export const rosterBodyLimit = '1mb';

const rosterPath = pathMatcher(endpoints.rosterImport.path);

/** The request is a roster's preview or import, whose body may be larger. */
export const takesRosterBody = (path: string): boolean => rosterPath.test(path);

import { CourseContentResponse } from './content-api.js';
import { endpoint } from './endpoint-core.js';
import { SaveProgressRequest } from './progress.js';
import { ProgressListResponse, ResetProgressResponse, SaveProgressResponse } from './progress-api.js';
import { SyncRequest, SyncResponse } from './sync.js';
import { TemplateListResponse, TemplateResponse } from './templates.js';

/**
 * The calls of a teacher's lesson and of the device's offline engine (the course, the progress, its
 * sync, the printable templates kept for offline use). Their own group of the endpoint table
 * (endpoints.ts spreads it in), like `analyticsEndpoints`: a module page opened first builds these
 * entries' contracts only, not those of every area (admin, district, licences, premium...).
 */
export const learningEndpoints = {
  course: endpoint({ method: 'GET', path: '/api/content/courses/:slug', response: CourseContentResponse }),

  // Printable templates (issue 19): the list for anyone signed in, a template for entitled users.
  templates: endpoint({ method: 'GET', path: '/api/templates', response: TemplateListResponse }),
  template: endpoint({ method: 'GET', path: '/api/templates/:slug', response: TemplateResponse }),

  // Progress and the offline sync.
  progress: endpoint({ method: 'GET', path: '/api/progress', response: ProgressListResponse }),
  sync: endpoint({
    method: 'POST',
    path: '/api/progress/sync',
    request: SyncRequest,
    response: SyncResponse,
  }),
  saveProgress: endpoint({
    method: 'POST',
    path: '/api/progress/:courseSlug/:moduleId',
    request: SaveProgressRequest,
    response: SaveProgressResponse,
  }),
  resetProgress: endpoint({
    method: 'DELETE',
    path: '/api/progress/:courseSlug',
    response: ResetProgressResponse,
  }),
} as const;

import { endpoints } from '@pd/domain';
import { urlOf } from '../../../lib/api-client';

/** Where 'Download' goes: GET /api/templates/:slug/download (the api answers an HTML attachment). */
export function templateDownloadUrl(slug: string): string {
  return urlOf(endpoints.templateDownload, { params: { slug } });
}

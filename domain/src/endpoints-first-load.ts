// No classic zod here: the app's first screen makes these calls (decision 021), so their entries
// of the endpoint table (endpoints.ts) are built from the zod/mini contracts only.
import { endpoint } from './endpoint-core.js';
import { CatalogueResponse, OkResponse, PublicUser } from './first-load-contracts.js';
import { publicContentPaths } from './service-worker-protocol.js';

export const firstLoadEndpoints = {
  /** The signed-in user; 401 when signed out. */
  me: endpoint({ method: 'GET', path: '/api/auth/me', response: PublicUser }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', response: OkResponse }),
  /** Every course with its module summaries, no lesson text (public). */
  catalogue: endpoint({ method: 'GET', path: publicContentPaths.catalogue, response: CatalogueResponse }),
} as const;

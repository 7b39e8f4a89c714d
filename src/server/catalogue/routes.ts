import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';
import { adminCatalogueRoutes } from './admin-routes';
import { publicCatalogueRoutes } from './public-routes';

/** The catalogue: read by every family from memory; edited by admins in the staff app's Venue area. */
export function catalogueRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  publicCatalogueRoutes(publicApp, ctx);
  adminCatalogueRoutes(staffApp, ctx);
}

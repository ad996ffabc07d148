/**
 * Every /api/v1 route (decision 0029): each service of the registry declares its slice in its own
 * `src/api/` and names it in its description; the edge mounts them in registry order through one
 * context, then its own routes (uploaded media). The gateway names no service here.
 */
import { isApiPart, routeGroupsOf, type ApiPart, type EdgeContext, type RouteSpec } from '@taal/edge';
import { mediaRoutes } from './http/media';

/** The API parts of the registry's services, in registry order (a service without routes has none). */
export function apiPartsOf(services: readonly { api?: object }[]): ApiPart[] {
  return services.flatMap((s) => (isApiPart(s.api) ? [s.api] : []));
}

/** Card sales of two parts with one tran_id prefix or one callback path would take each other's payments: refused at start. */
export function checkCardSales(parts: readonly ApiPart[]): void {
  const sales = parts.flatMap((part) => (part.cardSale ? [part.cardSale] : []));
  for (const key of ['tranPrefix', 'callbackPath'] as const) {
    const values = sales.map((sale) => sale[key]);
    const twice = values.find((value, i) => values.indexOf(value) !== i);
    if (twice !== undefined) throw new Error(`two API parts declare card sales with the ${key} "${twice}"`);
  }
}

/** The route groups the edge mounts, in order (within a group, a literal path before a parameter that would catch it). */
export function apiRouteGroups(parts: readonly ApiPart[], ctx: EdgeContext): RouteSpec[][] {
  checkCardSales(parts);
  return [...parts.flatMap((part) => routeGroupsOf(part, ctx)), mediaRoutes(ctx.files)];
}

/** Stands in for every dependency when the routes are only described: their handlers are never called. */
const DESCRIBE_ONLY = {} as never;

/** A context for declaring routes whose handlers never run (the OpenAPI document, route-listing tests). */
export const describeOnlyContext: EdgeContext = {
  client: () => DESCRIBE_ONLY,
  useCases: () => DESCRIBE_ONLY,
  tokens: DESCRIBE_ONLY,
  limits: DESCRIBE_ONLY,
  counters: DESCRIBE_ONLY,
  env: {},
  files: DESCRIBE_ONLY,
  cache: DESCRIBE_ONLY,
  serviceKeys: DESCRIBE_ONLY,
  logger: DESCRIBE_ONLY,
  onStop: () => undefined,
};

/** The route declarations of these services' API parts, without running anything (for the OpenAPI document and the tests). */
export function declaredRoutesOf(services: readonly { api?: object }[]): RouteSpec[] {
  return apiRouteGroups(apiPartsOf(services), describeOnlyContext).flat();
}

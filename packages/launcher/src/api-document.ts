import { buildOpenApiDocument, declaredRoutesOf, type OpenApiDocument } from '@taal/gateway';
import { services } from './registry';

/** Every route of the registry's services and the edge, as declared (handlers never run): the document's source. */
export const declaredRoutes = declaredRoutesOf(services);

/** The OpenAPI document the edge serves at /api/v1/openapi.json (the frontends' API types are generated from it). */
export const openApiDocument: OpenApiDocument = buildOpenApiDocument(declaredRoutes);

/**
 * The OpenAPI 3.1 document of the public REST API, generated from the routes' declarations
 * (http/route-table.ts): each route's zod schemas (path parameters, body, answers per status)
 * become its operation through zod's `z.toJSONSchema`; schemas with a meta `id` become
 * components. Kept true by api.itest.ts (every Express route is documented, every answer
 * matches both its zod schema and the document) and by tools/contract/schemathesis.sh.
 */
import { z } from 'zod';
import { ApiErrorSchema, fail, gatewayErrors, securedErrors, tooMany, type FairUse, type ResponseSpec, type RouteSpec } from '@taal/edge';

const FAIR_USE_REFUSALS: Record<FairUse, string> = {
  search: 'Too many searches from this client within the window: its user when signed in, else its address (TOO_MANY_SEARCHES)',
  reads: 'Too many public reads that reach a service (cached answers do not count) from this client within the window: its user when signed in, else its address (TOO_MANY_READS)',
  documents: 'Too many receipts, statements and their PDFs asked for by this user within the window (TOO_MANY_DOCUMENT_REQUESTS)',
};

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const API_PREFIX = '/api/v1';
const COMPONENTS = '#/components/schemas/';

/** Converts zod schemas, collecting the schemas with an `id` as components. */
class SchemaConverter {
  readonly components: Record<string, Json> = {};

  convert(schema: z.ZodType, io: Io): Json {
    // Wrapped, so a schema that is a component itself comes back as a reference to it.
    const wrapped = z.toJSONSchema(z.object({ value: schema }), {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      override: ({ jsonSchema }) => {
        // A date-time is stated by its format (zod adds its own regular expression).
        if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
        // zod bounds integers to the safe range; every integer the API sends is within it.
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      },
    }) as Json;
    const rewrite = (node: unknown) => JSON.parse(JSON.stringify(node).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as Json;
    for (const [id, def] of Object.entries((wrapped.$defs ?? {}) as Record<string, Json>)) {
      const component = rewrite(def);
      const known = this.components[id];
      if (known && JSON.stringify(known) !== JSON.stringify(component)) throw new Error(`Two different schemas share the id ${id}`);
      this.components[id] = component;
    }
    return rewrite((wrapped.properties as Record<string, Json>).value);
  }
}

const security = [{ bearer: [] }, { authToken: [] }];

/**
 * The field names a form can carry: a multipart part's name is a header parameter (not empty, no
 * control character or double quote), an urlencoded field's name is not empty; the gateway
 * refuses others (400) rather than reading a form without them.
 */
const FORM_FIELD_NAMES: Record<string, Json> = {
  'multipart/form-data': { pattern: '^[^\\u0000-\\u001f\\u007f"]+$' },
  'application/x-www-form-urlencoded': { minLength: 1 },
};

/** A form's schema with the names its fields may have (beside any the schema states). */
function withFieldNames(schema: Json, mediaType: string): Json {
  const names = FORM_FIELD_NAMES[mediaType];
  return names ? { ...schema, propertyNames: { ...names, ...((schema.propertyNames as Json | undefined) ?? {}) } } : schema;
}

function responseObject(spec: ResponseSpec, schemas: SchemaConverter): Json {
  const content: Json = {};
  if (spec.schema) content['application/json'] = { schema: schemas.convert(spec.schema, 'output') };
  for (const [type, schema] of Object.entries(spec.content ?? {})) content[type] = { schema: schemas.convert(schema, 'output') };
  return {
    description: spec.description,
    ...(spec.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(spec.headers).map(([name, h]) => [name, { description: h.description, schema: schemas.convert(h.schema, 'output') }]),
          ),
        }
      : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

function operation(route: RouteSpec, schemas: SchemaConverter): Json {
  const responses: Record<number, ResponseSpec> = {
    // A route may say more of its own 503 (search's time budget) than every route's.
    ...gatewayErrors,
    // A query parameter its schema refuses is a 400 (route-table.ts), whatever else the route refuses.
    ...(route.query ? ({ 400: fail('A query parameter its schema refuses') } as Record<number, ResponseSpec>) : {}),
    ...route.responses,
    ...(route.auth ? securedErrors : {}),
    // A public read past its client's limit (route-table.ts, decision 0038).
    ...(route.fairUse ? ({ 429: tooMany(FAIR_USE_REFUSALS[route.fairUse]) } as Record<number, ResponseSpec>) : {}),
  };
  const body = route.body;
  const mediaType = body?.mediaType ?? 'application/json';
  return {
    summary: route.auth ? `${route.summary} (${route.auth.label})` : route.summary,
    ...(route.params || route.query
      ? {
          parameters: [
            ...Object.entries(route.params ?? {}).map(([name, p]) => ({
              name,
              in: 'path',
              required: true,
              schema: schemas.convert(p.schema, 'input'),
              ...(p.description ? { description: p.description } : {}),
            })),
            ...Object.entries(route.query ?? {}).map(([name, p]) => ({
              name,
              in: 'query',
              required: p.required ?? false,
              schema: schemas.convert(p.schema, 'input'),
              ...(p.description ? { description: p.description } : {}),
            })),
          ],
        }
      : {}),
    ...(body
      ? {
          requestBody: {
            // A body whose every field is optional may be left out: it is read as empty (`{}`).
            required: !(body.documented ?? body.schema).safeParse({}).success,
            content: {
              [mediaType]: {
                schema: withFieldNames(schemas.convert(body.documented ?? body.schema, 'input'), mediaType),
                ...(body.encoding ? { encoding: body.encoding } : {}),
              },
            },
          },
        }
      : {}),
    ...(route.auth ? { security: route.auth.optional ? [{}, ...security] : security } : {}),
    responses: Object.fromEntries(Object.entries(responses).map(([status, spec]) => [status, responseObject(spec, schemas)])),
  };
}

/** The document of these routes (paths under /api/v1), plus the document's own route. */
export function buildOpenApiDocument(routes: RouteSpec[]) {
  const schemas = new SchemaConverter();
  schemas.convert(ApiErrorSchema, 'output');
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const key = API_PREFIX + route.path;
    if (paths[key]?.[route.method]) throw new Error(`${route.method.toUpperCase()} ${key} is declared twice`);
    (paths[key] ??= {})[route.method] = operation(route, schemas);
  }
  paths[`${API_PREFIX}/openapi.json`] = {
    get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } } },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Taal public API',
      version: '1.0.0',
      description:
        'Online music-lessons marketplace. All money is integer poisha (1 BDT = 100 poisha). ' +
        'Text fields are trimmed before they are checked, and their lengths are counted in UTF-16 code units ' +
        '(a character outside the Basic Multilingual Plane, such as an emoji, counts as two). ' +
        'A path or query that decodes to a NUL character or to bytes that are not UTF-8 is refused with 400 MALFORMED_URL ' +
        'before any route (decision 0038).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The user’s own access token from login' },
        authToken: { type: 'apiKey', in: 'header', name: 'auth-token', description: 'The same access token, in the header the spec’s client sends' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The edge's document: its own routes' and, for each service that serves its own API (issue 52), that service's paths and schemas. */
export function mergeDocuments(base: OpenApiDocument, others: readonly OpenApiDocument[]): OpenApiDocument {
  const own = `${API_PREFIX}/openapi.json`;
  return {
    ...base,
    paths: Object.assign({}, base.paths, ...others.map((d) => Object.fromEntries(Object.entries(d.paths).filter(([path]) => path !== own)))) as OpenApiDocument['paths'],
    components: { ...base.components, schemas: Object.assign({}, base.components.schemas, ...others.map((d) => d.components.schemas)) as OpenApiDocument['components']['schemas'] },
  };
}

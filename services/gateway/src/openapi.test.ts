import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { declaredRoutes, openApiDocument } from '@taal/launcher';

type Json = Record<string, unknown>;
const components = openApiDocument.components.schemas;

/** Every schema of the document, with where it is. */
function schemasOf(): { where: string; schema: Json }[] {
  const out: { where: string; schema: Json }[] = [];
  for (const [p, ops] of Object.entries(openApiDocument.paths)) {
    for (const [method, op] of Object.entries(ops) as [string, Json][]) {
      const where = `${method.toUpperCase()} ${p}`;
      for (const param of (op.parameters ?? []) as Json[]) out.push({ where: `${where} parameter ${String(param.name)}`, schema: param.schema as Json });
      const body = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content ?? {};
      for (const [type, media] of Object.entries(body)) out.push({ where: `${where} body ${type}`, schema: media.schema });
      for (const [status, answer] of Object.entries(op.responses as Record<string, Json>)) {
        for (const [type, media] of Object.entries((answer.content ?? {}) as Record<string, { schema: Json }>)) out.push({ where: `${where} ${status} ${type}`, schema: media.schema });
        for (const [name, header] of Object.entries((answer.headers ?? {}) as Record<string, { schema: Json }>)) out.push({ where: `${where} ${status} header ${name}`, schema: header.schema });
      }
    }
  }
  return out;
}

describe('the OpenAPI document generated from the route declarations', () => {
  it('declares exactly the path parameters each path has', () => {
    for (const route of declaredRoutes) {
      const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect({ route: route.path, params: Object.keys(route.params ?? {}).sort() }).toEqual({ route: route.path, params: inPath });
    }
  });

  it('holds only valid JSON Schema (the rules stated with .meta() included): strict Ajv compiles every schema', () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addKeyword('example');
    for (const [id, schema] of Object.entries(components)) ajv.addSchema(schema, `#/components/schemas/${id}`);
    for (const { where, schema } of schemasOf()) {
      let error: string | null = null;
      try {
        ajv.compile(schema);
      } catch (err) {
        error = (err as Error).message;
      }
      expect({ where, error }).toEqual({ where, error: null });
    }
  });

  it('answers every refusal (4xx, 5xx) in the one error shape', () => {
    for (const { where, schema } of schemasOf()) {
      if (/ (4\d\d|5\d\d) application\/json$/.test(where)) expect({ where, schema }).toEqual({ where, schema: { $ref: '#/components/schemas/Error' } });
    }
  });
});

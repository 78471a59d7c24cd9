import { openApiDocument, openApiPath } from './openapi';
import { ALL_ROUTES, ROUTES } from './routes';
import { TOPIC_LABELS } from '../catalog/topics';
import { DURATION_MAXIMA } from '../catalog/formats';
import { MAX_SCENES } from '../catalog/studio';

type Operation = { operationId: string; parameters: Array<{ name: string; in: string; required: boolean }>; security: unknown[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> };
const documentOf = () => openApiDocument(ALL_ROUTES, { version: '1.2.3' }) as { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>> };
const operationOf = (name: keyof typeof ROUTES) => {
  const route = ROUTES[name];
  return documentOf().paths[openApiPath(route.path)][route.method.toLowerCase()];
};

describe('The OpenAPI document, generated from the route table', () => {
  it('given the route table, when the document is generated, then every route is one operation at its path and method', () => {
    const document = documentOf();

    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.2.3');
    for (const route of ALL_ROUTES) expect(document.paths[openApiPath(route.path)][route.method.toLowerCase()].operationId).toBe(route.name);
    const count = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(count).toBe(ALL_ROUTES.length);
  });

  it('given a route with path parameters, then the path names them in braces and each is a required parameter', () => {
    expect(openApiPath('/api/series/:id/pause')).toBe('/api/series/{id}/pause');
    expect(operationOf('pauseSeries').parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });

  it('given a route with a body schema, then its request body is that schema, with the spec limits', () => {
    const schema = operationOf('register').requestBody!.content['application/json'].schema as { properties: Record<string, { minLength?: number }>; required: string[] };
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(schema.properties.name.minLength).toBe(2);
  });

  it('given fields the server checks beyond their type, then the document names the same choices, so a client (or the fuzzer) can send what is accepted', () => {
    const bodyOf = (name: keyof typeof ROUTES) => operationOf(name).requestBody!.content['application/json'].schema as { properties: Record<string, Record<string, unknown>> };
    for (const name of ['register', 'login', 'forgotPassword', 'updateEmail'] as const) expect(bodyOf(name).properties.email).toEqual(expect.objectContaining({ format: 'email', pattern: expect.stringContaining('@') }));
    for (const name of ['generateVideo', 'createSeries', 'updateSeries'] as const) {
      expect(bodyOf(name).properties.topic.enum).toEqual(TOPIC_LABELS);
    }
    for (const name of ['generateVideo', 'createSeries'] as const) expect(bodyOf(name).properties.duration.enum).toEqual(DURATION_MAXIMA);
    for (const name of ['editScene', 'regenerateSceneImage', 'useSceneMedia'] as const) {
      expect(operationOf(name).parameters.find((p) => p.name === 'index')).toEqual(expect.objectContaining({ schema: { type: 'integer', minimum: 0, maximum: MAX_SCENES - 1 } }));
    }
  });

  it('given a file upload, then its request body is multipart/form-data with one binary `file`, and a bad one is a documented 400', () => {
    const upload = operationOf('uploadMedia');
    expect(upload.requestBody!.content).toEqual({
      'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } },
    });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '400', '401']));
  });

  it('given a route with a query schema, then each field is a query parameter', () => {
    const names = operationOf('analyticsEvents').parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['after', 'limit', 'type']));
  });

  it('given who may call each route, then bearer routes require the session token, signed media the signature, and public routes nothing', () => {
    expect(operationOf('listSeries').security).toEqual([{ bearerAuth: [] }]);
    expect(operationOf('catalog').security).toEqual([]);
    expect(operationOf('streamVideo').parameters.map((p) => p.name)).toEqual(['id', 'exp', 'sig']);
    expect(Object.keys(operationOf('listSeries').responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(Object.keys(operationOf('analyticsStats').responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
  });

  it('given an answer schema, then the success response carries it as JSON Schema', () => {
    const schema = operationOf('createSeries').responses['201'].content!['application/json'].schema as { required: string[] };
    expect(schema.required).toEqual(expect.arrayContaining(['seriesId', 'position']));
  });
});

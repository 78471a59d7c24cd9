/**
 * The product's OpenAPI 3.1 document, generated from the route table: every route's method, path,
 * who may call it, what it reads (body, query, path parameters: their zod schemas as JSON Schema)
 * and what it answers. Served at /api/openapi.json; the API fuzzer runs every operation of it.
 */
import { z } from 'zod';
import type { RouteContract } from './contract';

export interface OpenApiOptions {
  version: string;
  /** Where the API answers; omitted: the origin that served the document. */
  serverUrl?: string;
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, details: { type: 'object', additionalProperties: { type: 'string' } } },
  required: ['error'],
};

/** A zod schema as JSON Schema, for what a client sends (`input`) or what it receives (`output`). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

/** Express `:param` segments as OpenAPI `{param}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

function objectProperties(schema: z.ZodType | undefined): { properties: Record<string, JsonSchema>; required: string[] } {
  if (!schema) return { properties: {}, required: [] };
  const json = jsonSchemaOf(schema, 'input');
  return { properties: (json.properties as Record<string, JsonSchema>) ?? {}, required: (json.required as string[]) ?? [] };
}

function parametersOf(route: RouteContract): Operation[] {
  const path = objectProperties(route.params);
  const query = objectProperties(route.query);
  const parameters: Operation[] = pathParamNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: path.properties[name] ?? { type: 'string', minLength: 1 } }));
  for (const [name, schema] of Object.entries(query.properties)) parameters.push({ name, in: 'query', required: query.required.includes(name), schema });
  if (route.auth === 'signed-url') {
    parameters.push({ name: 'exp', in: 'query', required: true, schema: { type: 'string' }, description: 'Expiry (Unix seconds) of the signed URL' });
    parameters.push({ name: 'sig', in: 'query', required: true, schema: { type: 'string' }, description: 'HMAC signature of the path and expiry' });
  }
  return parameters;
}

const MEDIA_TYPES: Record<Exclude<RouteContract['answer'], z.ZodType>, string[]> = {
  html: ['text/html'],
  redirect: [],
  media: ['video/mp4', 'image/png', 'image/jpeg', 'audio/mpeg'],
  'event-stream': ['text/event-stream'],
  download: ['application/x-ndjson', 'text/csv'],
  static: ['text/javascript', 'text/css', 'image/png'],
  tus: [],
};

function successOf(route: RouteContract): Record<string, unknown> {
  const status = String(route.status ?? (route.answer === 'redirect' ? 302 : 200));
  if (typeof route.answer !== 'string') {
    return { [status]: { description: route.summary, content: { 'application/json': { schema: jsonSchemaOf(route.answer, 'output') } } } };
  }
  if (route.answer === 'redirect') return { [status]: { description: route.summary, headers: { Location: { schema: { type: 'string' } } } } };
  if (route.answer === 'tus') {
    const tusHeaders = { 'Tus-Resumable': { schema: { type: 'string' } }, Location: { schema: { type: 'string' } }, 'Upload-Offset': { schema: { type: 'integer' } }, 'Upload-Length': { schema: { type: 'integer' } } };
    // The last bytes of an upload answer the library item (tus allows a body there; tus-js-client reads it).
    const finished = route.method === 'PATCH' ? { 200: { description: 'The last bytes: the upload was checked and is now in the library', headers: tusHeaders, content: { 'application/json': { schema: { type: 'object' } } } } } : {};
    return { [status]: { description: route.summary, headers: tusHeaders }, ...finished };
  }
  const content = route.answer === 'event-stream'
    ? { 'text/event-stream': { schema: SSE_EVENT } }
    : Object.fromEntries(MEDIA_TYPES[route.answer].map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  const responses: Record<string, unknown> = { [status]: { description: route.summary, content } };
  if (route.answer === 'media') responses['206'] = { description: 'A byte range of it (HTTP Range)', content };
  return responses;
}

/** One Server-Sent Event, as a client parses it. */
const SSE_EVENT: JsonSchema = {
  type: 'object',
  properties: { event: { type: 'string' }, data: { type: 'string' }, id: { type: 'string' }, retry: { type: 'integer' } },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid, or not now: `error` says why (in the words the web app shows), `details` names each field',
  401: 'No session, an expired one, or wrong credentials',
  403: 'Not allowed: the plan, the role, the signature or the origin',
  404: 'Not found, or not yours',
  409: 'It changed meanwhile, or it conflicts with what exists (tus: Upload-Offset is not where the upload is)',
  410: 'Gone: the resumable upload expired (24 hours without bytes) or was finished or abandoned',
  412: 'tus: the Tus-Resumable header is missing or names a version this server does not speak',
  415: 'tus: the bytes must be sent as application/offset+octet-stream',
  413: 'The request body is too large',
  429: 'Too many attempts; try again later',
  503: 'The server is busy, a store it needs is briefly out of reach, or the feature is not configured. Please try again after Retry-After.',
};

function errorsOf(route: RouteContract): Record<string, unknown> {
  // A page (HTML, a redirect, a form post) answers its errors as pages too.
  const page = route.answer === 'html' || route.answer === 'redirect' || route.body === 'form';
  const error = (status: number, description = ERROR_DESCRIPTIONS[status]) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } }, ...(page ? { 'text/html': { schema: { type: 'string' } } } : {}) },
  });
  const errors: Record<string, unknown> = {};
  const reads = route.body !== undefined || route.query !== undefined || route.params !== undefined || pathParamNames(route.path).length > 0;
  const command = route.service === 'command-api' && route.method !== 'GET';
  if (reads || command) errors['400'] = error(400);
  if (['bearer', 'bearer-or-query', 'analyst'].includes(route.auth)) errors['401'] = error(401);
  if (route.auth === 'analyst') errors['403'] = error(403, 'Analyst access required');
  if (['signed-url', 'loopback', 'oauth-callback', 'stripe-signature'].includes(route.auth)) errors['403'] = error(403, 'The URL, signature or origin is not valid');
  if (command && route.auth === 'bearer') errors['403'] = error(403);
  errors['404'] = error(404, route.when ? `Not found (also: this route is mounted only with ${route.when})` : ERROR_DESCRIPTIONS[404]);
  if (command) errors['409'] = error(409);
  if (route.body !== undefined) errors['413'] = error(413);
  errors['429'] = error(429);
  // Expensive work is shed while the server is busy; any route that reads or writes a store answers 503 while it is out of reach.
  errors['503'] = error(503);
  for (const status of route.errors ?? []) errors[String(status)] ??= error(status);
  return errors;
}

function securityOf(route: RouteContract): Array<Record<string, string[]>> | undefined {
  switch (route.auth) {
    case 'bearer':
      return [{ bearerAuth: [] }];
    case 'analyst':
      return [{ bearerAuth: ['analyst'] }];
    case 'bearer-or-query':
      return [{ bearerAuth: [] }, { queryToken: [] }];
    default:
      return undefined;
  }
}

const AUTH_NOTES: Partial<Record<RouteContract['auth'], string>> = {
  'signed-url': 'Authorised by the signed URL the API hands out (`exp`, `sig`), no session.',
  capability: 'The unguessable id in the path is the credential.',
  'oauth-callback': "A platform's return: `state` must be the one this browser was given.",
  'stripe-signature': "Stripe's signature over the raw body (`Stripe-Signature`).",
  loopback: 'Only from this machine.',
  analyst: 'A session of a user with the analyst role.',
};

function operationOf(route: RouteContract): Operation {
  const operation: Operation = {
    operationId: route.name,
    summary: route.summary,
    tags: [route.service],
    parameters: parametersOf(route),
    responses: { ...successOf(route), ...errorsOf(route) },
  };
  const notes = [AUTH_NOTES[route.auth], route.when ? `Mounted only with \`${route.when}\`.` : undefined, route.cost === 'expensive' ? 'Expensive: refused with 503 while the server is overloaded.' : undefined].filter(Boolean);
  if (notes.length > 0) operation.description = notes.join(' ');
  const security = securityOf(route);
  operation.security = security ?? [];
  if (route.body instanceof z.ZodType) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } };
  } else if (route.body === 'form') {
    operation.requestBody = { required: false, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } };
  } else if (route.body === 'multipart') {
    operation.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
    };
  } else if (route.body === 'tus') {
    operation.requestBody = { required: false, content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  } else if (route.body === 'raw') {
    operation.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
  }
  if (route.when) operation['x-mounted-when'] = route.when;
  return operation;
}

/** The OpenAPI 3.1 document of `routes`. */
export function openApiDocument(routes: readonly RouteContract[], options: OpenApiOptions): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Faceless Studio API',
      version: options.version,
      description: 'Every route of the product, generated from its route table (domain/src/http/routes.ts). Errors answer `{ "error": "…" }` in the words the web app shows.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [
      { name: 'command-api', description: 'Commands: decided against the event streams' },
      { name: 'query-api', description: 'Queries: answered from the read models (send `x-min-position` to read your own writes)' },
    ],
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The session token that sign-up and sign-in answer' },
        queryToken: { type: 'apiKey', in: 'query', name: 'token', description: 'The session token as `?token=` (EventSource cannot send headers)' },
      },
    },
  };
}

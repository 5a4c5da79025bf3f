import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import { ContactAnswer, ContactBody } from '@salon/shared/contracts/contact';
import { XHR_HEADER } from '@salon/shared/contracts/common';
import { Envelope, ErrorData } from '@salon/shared/contracts/envelope';

type Json = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A server-sent events route: the event name and its data's (JSON) schema, for the OpenAPI document. */
    eventStream?: { event: string; data: object };
  }
}

export interface DocumentedRoute {
  method: string;
  url: string;
  schema: unknown;
  config?: {
    beacon?: boolean;
    eventStream?: { event: string; data: object };
    multipart?: { file: string; fields?: string[]; maxBytes: number };
  };
}

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** TypeBox schemas carry symbol keys; a JSON round trip leaves the plain JSON Schema. */
const plain = (schema: unknown): Json => (isRecord(schema) ? (JSON.parse(JSON.stringify(schema)) as Json) : {});

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function parametersOf(schema: unknown, where: 'query' | 'path'): Json[] {
  const s = plain(schema);
  const properties = isRecord(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required : [];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

function operation(route: DocumentedRoute): Json {
  const schema = isRecord(route.schema) ? route.schema : {};
  const beacon = route.config?.beacon === true;
  const stream = route.config?.eventStream;
  const parameters = [...parametersOf(schema.params, 'path'), ...parametersOf(schema.querystring, 'query')];
  if (UNSAFE.has(route.method)) {
    parameters.push({
      name: XHR_HEADER.name,
      in: 'header',
      required: !beacon,
      description: beacon ? 'Required, except for a text/plain beacon whose Origin or Referer is this server' : undefined,
      schema: { type: 'string', const: XHR_HEADER.value },
    });
  }
  if (stream)
    parameters.push({
      name: 'Last-Event-ID',
      in: 'header',
      required: false,
      description: 'Resume after this event',
      schema: { type: 'string' },
    });
  const responses: Json = {};
  const declared = isRecord(schema.response) ? schema.response : {};
  for (const [status, body] of Object.entries(declared)) {
    responses[status] = { description: status === '200' ? 'OK' : status, content: { 'application/json': { schema: plain(body) } } };
  }
  if (stream) {
    responses['200'] = {
      description: `text/event-stream: events named "${stream.event}", each \`data\` one JSON object of this schema`,
      content: { 'text/event-stream': { schema: plain(stream.data) } },
    };
  }
  responses['4XX'] = {
    description: 'Client error: `{data: {error: true, message}}`',
    content: { 'application/json': { schema: plain(Envelope(ErrorData)) } },
  };
  const multipart = route.config?.multipart;
  const multipartBody = multipart
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                ...Object.fromEntries((multipart.fields ?? []).map((name) => [name, { type: 'string', maxLength: 64 }])),
                [multipart.file]: { type: 'string', format: 'binary', description: `At most ${multipart.maxBytes} bytes (413 beyond)` },
              },
              required: [multipart.file],
            },
          },
        },
      }
    : undefined;
  return {
    summary: typeof schema.summary === 'string' ? schema.summary : undefined,
    parameters: parameters.length ? parameters : undefined,
    requestBody:
      multipartBody ??
      (schema.body
        ? {
            required: true,
            content: {
              'application/json': { schema: plain(schema.body) },
              ...(beacon
                ? { 'text/plain': { schema: plain(schema.body), description: 'The same JSON, sent by navigator.sendBeacon' } }
                : {}),
            },
          }
        : undefined),
    responses,
  };
}

/** OpenAPI 3.1 from the same TypeBox schemas fastify validates with. */
export function openApiDocument(routes: DocumentedRoute[]): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    if (route.method === 'HEAD') continue;
    const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    paths[path] ??= {};
    const entry = paths[path];
    if (entry) entry[route.method.toLowerCase()] = operation(route);
  }
  paths['/contact'] = {
    post: {
      ...operation({
        method: 'POST',
        url: '/contact',
        schema: { summary: 'Contact the organizer (JSON or urlencoded); email required when not authenticated', body: ContactBody },
      }),
      responses: {
        '200': {
          description: 'The status is repeated in the body (spec §7)',
          content: { 'application/json': { schema: plain(ContactAnswer) } },
        },
      },
    },
  };
  paths['/chat/file/{filename}'] = {
    get: {
      summary:
        "A chat file, for the members of its channel only (anyone else, and unknown names: 404). The type detected at upload; Content-Disposition attachment (images inline) with filename and filename*; X-Content-Type-Options nosniff; Content-Security-Policy default-src 'none'.",
      parameters: [
        { name: 'filename', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{32}\\.[a-z0-9]{1,10}$' } },
      ],
      responses: {
        '200': { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        '404': { description: 'Unknown file, or not a member of its channel (an HTML page, or JSON for XHR)' },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Salon API',
      version: '1',
      description:
        'Every answer is `{data: …}`; an error is `{data: {error: true, message}}`. Realtime: socket.io at path `/socket.io` (same origin, session cookie), events and acknowledgements typed in `shared/contracts/socket-events.ts`: the client sends new_chat_message, update_chat_message, user_writing, stand_history, notification; the server sends new_chat_message, update_chat_message, user_writing, stand_history, notification.',
    },
    paths,
  };
}

/** Collects the /api routes as they are added (register this before the routes it documents). */
export function collectRoutes(): { routes: DocumentedRoute[]; onRoute: (route: RouteOptions) => void } {
  const routes: DocumentedRoute[] = [];
  return {
    routes,
    onRoute(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url, schema: route.schema, config: route.config });
    },
  };
}

export const openApiRoute = (routes: DocumentedRoute[]): FastifyPluginAsync =>
  async function openApiRoutes(app) {
    app.get('/openapi.json', async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return openApiDocument(routes);
    });
  };

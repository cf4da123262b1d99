import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiConfigOptions } from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errors } from '../lib/errors';
import type { ApiDocsAccess } from './api-docs-access';
import './auth';

// The OpenAPI document is generated from the same zod schemas that validate each route. It maps
// every call the portal answers, so it is served only as API_DOCS says (api-docs-access.ts): by
// default to signed-in admins, who integrate with the portal; the public gets nothing from it.

export const API_DOCS_PREFIX = '/api/docs';

/** The addresses that carry the document itself; the page and Swagger UI's files are the same for every portal. */
const DOCUMENT_ROUTES = new Set([`${API_DOCS_PREFIX}/json`, `${API_DOCS_PREFIX}/yaml`]);

type RequestInterceptor = NonNullable<FastifySwaggerUiConfigOptions['requestInterceptor']>;

/**
 * Runs in the browser, inside Swagger UI (the plugin writes its source into the page's script):
 * every call the page makes to this portal, the document's own included, carries the bearer token
 * the web app keeps for the signed-in account in this origin's localStorage ('token', one of
 * SESSION_KEYS). It may use nothing but the browser's globals.
 */
const withPortalToken: RequestInterceptor = function (request) {
  const page = globalThis as unknown as { localStorage: { getItem(key: string): string | null }; location: { href: string; origin: string } };
  const token = page.localStorage.getItem('token');
  if (token && new URL(String(request.url), page.location.href).origin === page.location.origin) {
    (request.headers as Record<string, string>).Authorization = `Bearer ${token}`;
  }
  return request;
};

export const apiDocsPlugin = fp(async (app: FastifyInstance, options: { title: string; version: string; access: ApiDocsAccess }) => {
  if (options.access === 'off') return;
  await app.register(swagger, {
    openapi: {
      info: { title: `${options.title} portal API`, version: options.version },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  /** In 'admins' mode the document answers a signed-in admin only: 401 without a current session, 403 to anyone else. */
  async function adminsOnly(request: FastifyRequest): Promise<void> {
    if (!DOCUMENT_ROUTES.has(request.routeOptions.url ?? '')) return;
    const caller = await app.identifyCaller(request);
    if (!caller) throw errors.unauthorized();
    if (!caller.isAdmin) throw errors.forbidden();
  }

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { requestInterceptor: withPortalToken },
    ...(options.access === 'admins' ? { uiHooks: { onRequest: adminsOnly } } : {}),
  });
});

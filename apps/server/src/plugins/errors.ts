import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_TEXT, type ErrorAnswer, type FieldError } from '@academy/contract';
import { AppError } from '../lib/errors';
import { setSecurityHeaders } from './security-headers';

// The error contract of PRODUCT.md: `code` mirrors the HTTP status, `message` says what is wrong
// (one sentence per refused field), `errors` names the fields, and a 500 never shows internals.

const fastifyStatusText: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: SERVER_TEXT.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: SERVER_TEXT.unsupportedMediaType,
  FST_ERR_CTP_INVALID_JSON_BODY: SERVER_TEXT.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: SERVER_TEXT.malformedJson,
  FST_ERR_BAD_URL: SERVER_TEXT.badAddress,
  FST_ERR_MAX_PARAM_LENGTH: SERVER_TEXT.addressTooLong,
};

function answer(status: number, message: string | string[], fields?: FieldError[], extra = {}): ErrorAnswer {
  return { code: status, message, data: null, ...(fields?.length ? { errors: fields } : {}), ...extra };
}

/** '/email' or '/address/line1' as the validator reports it, turned into the field's name. */
function fieldName(instancePath: string): string {
  return instancePath.split('/').filter(Boolean).join('.') || 'body';
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => {
        const field = fieldName(issue.instancePath);
        return { field, message: `${field} ${issue.message}` };
      });
      return reply.status(400).send(answer(400, fields.map((f) => f.message), fields));
    }
    if (error instanceof AppError) {
      const message = error.fields.length > 1 ? error.fields.map((f) => f.message) : error.message;
      return reply.status(error.status).headers(error.headers).send(answer(error.status, message, error.fields, error.extra));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = fastifyStatusText[error.code] ?? (status === 429 ? SERVER_TEXT.tooManyRequests : error.message);
      return reply.status(status).send(answer(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(answer(500, SERVER_TEXT.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(answer(404, SERVER_TEXT.routeNotFound));
  });
});

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a broken %-escape in
 * the path, a parameter over the length limit) gets the contract's body and the security headers
 * too, instead of Fastify's own body without them.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(reply.raw);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send(answer(status, fastifyStatusText[error.code] ?? SERVER_TEXT.badAddress));
}

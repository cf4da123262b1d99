import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noDataAnswerSchema, studentAnswerSchema } from '@academy/contract';
import { answerSerializerCompiler } from './answer-serializer';

const compile = (schema: z.ZodType) => answerSerializerCompiler({ schema, method: 'GET', url: '/api/example' });
const theProviders = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/api/example' });

describe('answerSerializerCompiler', () => {
  it("writes what the zod provider's serializer writes, stripping fields the schema does not name", () => {
    const ping = { code: 200, message: 'pong', data: null, secret: 'not in the schema' };
    expect(compile(noDataAnswerSchema)(ping)).toBe('{"code":200,"message":"pong","data":null}');
    expect(compile(noDataAnswerSchema)(ping)).toBe(theProviders(noDataAnswerSchema)(ping));

    const example = z.object({
      code: z.literal(200),
      data: z.object({ email: z.string().trim().pipe(z.email()), tags: z.array(z.object({ id: z.number() })), note: z.string().nullable().optional() }),
    });
    const answer = { code: 200, data: { email: 'a@b.lk', tags: [{ id: 1, hidden: true }], note: null, passwordHash: 'x' } };
    expect(JSON.parse(compile(example)(answer))).toEqual({ code: 200, data: { email: 'a@b.lk', tags: [{ id: 1 }], note: null } });
    expect(compile(example)(answer)).toBe(theProviders(example)(answer));
  });

  it('refuses an answer that breaks its schema, as a 500 the error handler hides', () => {
    expect(() => compile(noDataAnswerSchema)({ code: 200, message: 7, data: null })).toThrow("Response doesn't match the schema");
    expect(() => compile(studentAnswerSchema)({ code: 200, message: 'ok', data: {} })).toThrow(expect.objectContaining({ statusCode: 500 }));
  });

  it('refuses at start a schema that parse and encode would write differently', () => {
    const dated = z.codec(z.iso.datetime(), z.date(), { decode: (text) => new Date(text), encode: (date) => date.toISOString() });
    expect(() => compile(z.object({ data: z.object({ at: dated }) }))).toThrow('GET /api/example: its answer schema holds a codec');
    expect(() => compile(z.object({ data: z.array(z.string().transform((s) => s.length)) }))).toThrow('holds a transform');
  });
});

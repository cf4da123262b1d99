import { z } from 'zod';
import { dataAnswer } from './api';
import { FORENSICS_TEXT, type TraceNoMatchReason } from './forensics-text';

// Leak tracing: every viewer's stream of a lesson carries a codeword in the choice of
// marked segments; an admin uploads a leaked copy and the server reads whose it was, or says it
// cannot tell. It never guesses.

export const FORENSICS_PATHS = {
  /** POST: a copy to trace (admin; multipart field `file`). */
  traces: 'forensics/traces',
  /** GET: how a trace is going and what it found. */
  trace: 'forensics/traces/:id',
} as const;

/** The multipart field that carries the copy. */
export const TRACE_FILE_FIELD = 'file';

export const TRACE_STATES = ['queued', 'processing', 'done', 'failed'] as const;
export type TraceState = (typeof TRACE_STATES)[number];

const TRACE_NO_MATCH_REASONS = Object.keys(FORENSICS_TEXT.reasons) as [TraceNoMatchReason, ...TraceNoMatchReason[]];

export const traceParamsSchema = z.object({ id: z.string().trim().uuid({ error: 'is not a trace id' }) });

/** The student a copy was streamed by, and the evidence. */
export const traceResultSchema = z.object({
  studentId: z.string(),
  regNo: z.string().nullable(),
  name: z.string(),
  /** The lesson's video (its drive file id) and name. */
  lessonId: z.string(),
  lessonName: z.string(),
  /** 1 − the chance that a student who did not stream this copy matches it as well: 0.999999 or more when named. */
  confidence: z.number().min(0).max(1),
  /** Their last play of the lesson before the trace, and the address it came from. */
  streamedAt: z.string().nullable(),
  streamedFrom: z.string().nullable(),
  /** How much of the copy was read: segments of about 6 s. */
  segmentsRead: z.number().int(),
});
export type TraceResult = z.infer<typeof traceResultSchema>;

export const traceSchema = z.object({
  state: z.enum(TRACE_STATES),
  /** Percent read. */
  progress: z.number().int().min(0).max(100),
  /** The student, when the evidence names one; null while reading and when it does not. */
  result: traceResultSchema.nullable(),
  /** Why no one was named, once done without a result (FORENSICS_TEXT.reasons), or why it failed. */
  reason: z.enum(TRACE_NO_MATCH_REASONS).optional(),
  error: z.string().optional(),
});
export type Trace = z.infer<typeof traceSchema>;

export const traceCreatedAnswerSchema = dataAnswer(z.object({ id: z.string() }));
export type TraceCreatedAnswer = z.infer<typeof traceCreatedAnswerSchema>;
export const traceAnswerSchema = dataAnswer(traceSchema);
export type TraceAnswer = z.infer<typeof traceAnswerSchema>;

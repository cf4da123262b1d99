import { z } from 'zod';
import { dataAnswer } from './api';
import { currentPasswordSchema } from './students';

// Sessions: each sign-in is a session a student can see and end; an admin caps how many
// sessions one student keeps, so one paid account is not shared around a class.

export const SESSIONS_PATHS = {
  mine: 'sessions/mine',
  endMine: 'sessions/mine/:sessionId',
  endOthers: 'sessions/mine/end-others',
  signOut: 'sessions/mine/sign-out',
  limit: 'sessions/limit',
} as const;

export const DEFAULT_MAX_SESSIONS = 2;
export const MAX_SESSIONS_RANGE = { min: 1, max: 20 } as const;

export const sessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListAnswerSchema = dataAnswer(z.array(sessionSchema));
export const sessionParamsSchema = z.object({ sessionId: z.uuid({ error: 'is not a session id' }) });
export const endSessionsAnswerSchema = dataAnswer(z.object({ ended: z.number().int() }));
/** Ending one or all other sessions asks for the account's password again (ASVS 3.3.4): a stolen session cannot lock its owner out. */
export const endSessionsBodySchema = z.object({ password: currentPasswordSchema });
export type EndSessionsBody = z.infer<typeof endSessionsBodySchema>;

export const sessionLimitSchema = z.object({
  maxSessions: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(MAX_SESSIONS_RANGE.min, { error: `must be at least ${MAX_SESSIONS_RANGE.min}` })
    .max(MAX_SESSIONS_RANGE.max, { error: `must be at most ${MAX_SESSIONS_RANGE.max}` }),
});
export type SessionLimit = z.infer<typeof sessionLimitSchema>;
export const sessionLimitAnswerSchema = dataAnswer(sessionLimitSchema);


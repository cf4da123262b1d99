import { z } from 'zod';
import { dataAnswer, OK } from './api';
import { BATCHES, MESSAGE_CLASS_TYPES, REGIONS } from './lists';

// Announcements (spec sections 2, 3 and 7 'Messages'; PRODUCT.md 'Announcements').

export const MESSAGES_PATHS = {
  getAll: 'messages/message/get-all',
  /** The path's values are ignored: the server reads the caller's own profile (PRODUCT.md). */
  getByBatch: 'messages/message/get-by-batch/:batch/:historyType/:classType',
  send: 'messages/message/send',
  remove: 'messages/message/delete/:id',
  // Beyond spec section 7: editing, the bell's count and the live stream.
  update: 'messages/message/update/:id',
  unread: 'messages/message/unread',
  stream: 'messages/message/stream',
} as const;

/** Messages per page of a feed or of 'Sent Messages'; older ones come with the `before` cursor. */
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_LINK_MAX_LENGTH = 2048;

const region = z.enum(REGIONS, { error: `must be ${REGIONS.join(' or ')}` });
const messageClassType = z.enum(MESSAGE_CLASS_TYPES, { error: `must be one of ${MESSAGE_CLASS_TYPES.join(', ')}` });

// A refinement rather than a union, so the one message below reaches the form as well as the API.
const webAddress = z.httpUrl();

/** Each value once, in the order of the fixed list, so equal targets are stored alike. */
function inListOrder<T extends string>(list: readonly T[]) {
  return (values: T[]): T[] => list.filter((value) => values.includes(value));
}

/**
 * What the admin sends and edits. Empty batch, regions or class types mean 'everyone' on that part
 * (PRODUCT.md 'Announcements'). A link is optional and only http or https, so no `javascript:`
 * address can ever reach a student's screen.
 */
export const messageBodySchema = z.object({
  message: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(MESSAGE_MAX_LENGTH, { error: `must be at most ${MESSAGE_MAX_LENGTH} characters` }),
  link: z
    .string({ error: 'must be text' })
    .trim()
    .max(MESSAGE_LINK_MAX_LENGTH, { error: `must be at most ${MESSAGE_LINK_MAX_LENGTH} characters` })
    .refine((value) => value === '' || webAddress.safeParse(value).success, { error: 'must be a web address starting with http:// or https://' })
    .default(''),
  batch: z
    .string({ error: 'must be text' })
    .trim()
    .refine((value) => value === '' || (BATCHES as readonly string[]).includes(value), {
      error: `must be one of ${BATCHES.join(', ')}, or empty for every batch`,
    })
    .default(''),
  region: z.array(region, { error: 'must be a list' }).max(REGIONS.length * 2).default([]).transform(inListOrder(REGIONS)),
  classType: z
    .array(messageClassType, { error: 'must be a list' })
    .max(MESSAGE_CLASS_TYPES.length * 2)
    .default([])
    .transform(inListOrder(MESSAGE_CLASS_TYPES)),
});
export type MessageBody = z.input<typeof messageBodySchema>;
export type MessageInput = z.output<typeof messageBodySchema>;

/** A message as every call and every live event carries it (spec section 3 'Message'). */
export const messageSchema = z.object({
  _id: z.string(),
  message: z.string(),
  link: z.string(),
  batch: z.string(),
  region: z.array(z.enum(REGIONS)),
  classType: z.array(z.enum(MESSAGE_CLASS_TYPES)),
  /** Distinct students who opened their feed while the message was in it. */
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** Where the next (older) page starts: the last message's time and id, so equal times never skip one. */
export function messageCursor(message: Pick<Message, '_id' | 'createdAt'>): string {
  return `${message.createdAt}_${message._id}`;
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([A-Za-z0-9-]{1,64})$/;

export function parseMessageCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = CURSOR_PATTERN.exec(cursor);
  return match?.[1] && match[2] ? { createdAt: match[1], id: match[2] } : null;
}

export const messageListQuerySchema = z.object({
  before: z.string().regex(CURSOR_PATTERN, { error: 'is not a page cursor from an earlier answer' }).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** spec section 7 reads `data[]`, newest first; the total and the next page's cursor travel in `paging`. */
export const messageListAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  data: z.array(messageSchema),
  paging: z.object({ total: z.number().int(), before: z.string().nullable() }),
});
export type MessageListAnswer = z.infer<typeof messageListAnswerSchema>;

export const messageAnswerSchema = dataAnswer(messageSchema);
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

export const unreadAnswerSchema = dataAnswer(z.object({ count: z.number().int() }));
export type UnreadAnswer = z.infer<typeof unreadAnswerSchema>;

export const messageIdParamsSchema = z.object({
  id: z.string().trim().min(1).max(64, { error: 'is not a valid id' }),
});

/** Accepted for compatibility with spec section 7 and never used to choose what a student sees. */
export const getByBatchParamsSchema = z.object({
  batch: z.string().max(64),
  historyType: z.string().max(64),
  classType: z.string().max(64),
});

/**
 * The live stream's events (Server-Sent Events, `event:` names the type, `data:` is JSON).
 * `created` carries `unread` (false for the author's own message, which never lights their bell).
 * A message edited out of a student's reach arrives for them as `deleted`.
 */
export const MESSAGE_EVENT_TYPES = ['created', 'updated', 'deleted'] as const;
export const messageEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), message: messageSchema, unread: z.boolean() }),
  z.object({ type: z.literal('updated'), message: messageSchema }),
  z.object({ type: z.literal('deleted'), id: z.string() }),
]);
export type MessageEvent = z.infer<typeof messageEventSchema>;

/** Google Translate with the message filled in, into Sinhala from whatever language it is in. */
export function translateUrl(text: string): string {
  return `https://translate.google.com/?sl=auto&tl=si&text=${encodeURIComponent(text)}&op=translate`;
}

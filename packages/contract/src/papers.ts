import { z } from 'zod';
import { API_BASE, dataAnswer, errorAnswerSchema } from './api';
import { BATCHES } from './lists';
import { PAPERS_TEXT } from './papers-text';

// Timed MCQ papers (docs/papers.md): a paper lives in a folder of a class and is sat by whoever
// may open that class, against the server's clock. Every time a call takes must carry its offset and
// is kept as the instant (UTC ISO-8601); every time an answer gives is UTC ISO-8601 too.

export const PAPERS_PATHS = {
  /** POST (admin): a new paper in a class folder. */
  papers: 'papers',
  /** GET (who may open the class): the paper's state and settings; PUT and DELETE (admin). */
  paper: 'papers/:paperId',
  /** POST (admin, multipart field `file`): a CSV of questions read into the editor; nothing stored. */
  import: 'papers/import',
  /** POST (admin, multipart field `image`): a question's picture. */
  images: 'papers/images',
  /** GET: a question's picture, to an admin, a student who started, or after release one who sat. */
  image: 'papers/:paperId/images/:imageId',
  // Sitting (students).
  start: 'papers/:paperId/start',
  /** GET (a student who started): the paper's questions in its own order, no key; the same bytes for every student. */
  questions: 'papers/:paperId/questions',
  answers: 'papers/:paperId/answers',
  handIn: 'papers/:paperId/hand-in',
  result: 'papers/:paperId/result',
  // The tutor's (admin).
  release: 'papers/:paperId/release',
  results: 'papers/:paperId/results',
  statistics: 'papers/:paperId/statistics',
  attempt: 'papers/:paperId/students/:studentId',
  extraTime: 'papers/:paperId/students/:studentId/extra-time',
  reopen: 'papers/:paperId/students/:studentId/reopen',
  regradePreview: 'papers/:paperId/regrade/preview',
  regrade: 'papers/:paperId/regrade',
  meritList: 'papers/:paperId/merit-list',
} as const;

/** The mime type of a paper listed among a folder's items. */
export const PAPER_MIME_TYPE = 'application/vnd.academy.paper';

/** The limits of papers.md 'The calls'. */
export const PAPER_LIMITS = {
  titleMax: 120,
  instructionsMax: 4000,
  /** 0: a paper may be written only (answer-scripts.md); a start needs one part or the other. */
  questionsMin: 0,
  questionsMax: 150,
  questionTextMax: 1500,
  optionsMin: 2,
  optionsMax: 6,
  optionTextMax: 300,
  explanationMax: 1500,
  marksMin: 1,
  marksMax: 100,
  timeLimitMinutesMin: 1,
  timeLimitMinutesMax: 600,
  /** closesAt is at least this long after opensAt. */
  openAtLeastMs: 60_000,
  extraMinutesMax: 600,
  reopenMinutesMin: 1,
  reopenMinutesMax: 600,
} as const;

/** A 150-question Sinhala paper with explanations is up to about 2.4 MB of JSON; every other call takes 64 KiB. */
export const PAPER_BODY_LIMIT = 4 * 1024 * 1024;
export const PAPER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const PAPER_IMPORT_MAX_ROWS = PAPER_LIMITS.questionsMax;
export const PAPER_IMPORT_FIELD = 'file';
/** Every column an import reads, in any order and letter case; other columns are ignored. */
export const PAPER_IMPORT_COLUMNS = [
  'question',
  'option1',
  'option2',
  'option3',
  'option4',
  'option5',
  'option6',
  'correct',
  'marks',
  'explanation',
] as const;
export const PAPER_IMPORT_REQUIRED_COLUMNS = ['question', 'option1', 'option2', 'correct'] as const;
export const PAPER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PAPER_IMAGE_FIELD = 'image';

/** Saves and page-away or offline periods one answers or hand-in request may carry. */
export const MAX_SAVES_PER_REQUEST = 100;
export const MAX_EVENTS_PER_REQUEST = 50;

/** What a student reviews after release; each level includes the ones before it. */
export const REVIEW_LEVELS = ['marks', 'responses', 'keys', 'explanations'] as const;
export type ReviewLevel = (typeof REVIEW_LEVELS)[number];

/** A paper's life, by the server's clock (papers.md 'A paper's life'). */
export const PAPER_STATES = ['scheduled', 'open', 'closed', 'results-ready', 'released'] as const;
export type PaperState = (typeof PAPER_STATES)[number];

/** Where one student stands with a paper: `not-sat` is a closed paper they never started. */
export const ATTEMPT_STATES = ['not-started', 'sitting', 'handed-in', 'not-sat'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** Who closed an attempt: its student (Hand in, or the phone at the deadline), or the server past deadline + grace. */
export const HANDED_IN_BY = ['student', 'time'] as const;
export type HandedInBy = (typeof HANDED_IN_BY)[number];

/** The periods a browser records for the tutor: the page hidden, or the line down. */
export const INTEGRITY_EVENT_KINDS = ['away', 'offline'] as const;
export type IntegrityEventKind = (typeof INTEGRITY_EVENT_KINDS)[number];

/** The statistics' marks on a question worth a look. */
export const QUESTION_FLAGS = ['distractor-beat-key', 'negative-discrimination'] as const;
export type QuestionFlag = (typeof QUESTION_FLAGS)[number];

export const MERIT_TOP_MAX = 30;

/** What a paper is given when the body leaves a setting out. */
export const PAPER_DEFAULTS = {
  shuffleQuestions: true,
  shuffleOptions: true,
  review: 'explanations',
  releaseAt: null,
  batch: '',
  meritTop: 10,
  marks: 1,
} as const;

// ---- Pieces ----

/** Ids the server made (random UUIDs); anything else up to this length is simply not found. */
const entityIdSchema = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(64, { error: 'is not a valid id' });
/** Store ids (a folder) are opaque, as class material's. */
const storeIdSchema = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(2048, { error: 'is not a valid id' });
/** A question's picture is named by the SHA-256 of its stored WebP. */
const imageIdSchema = z.string({ error: PAPERS_TEXT.notUploadedImage }).regex(/^[0-9a-f]{64}$/, { error: PAPERS_TEXT.notUploadedImage });

function wholeNumber(min: number, max: number, sentence: string) {
  return z.number({ error: sentence }).int({ error: sentence }).min(min, { error: sentence }).max(max, { error: sentence });
}

function text(max: number) {
  return z.string({ error: 'must be text' }).trim().max(max, { error: `must be at most ${max} characters` });
}

function requiredText(max: number) {
  return z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });
}

/** The calendar date the text names exists (2026-02-30 does not): Date would roll it into March. */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A moment, written with its offset (`2026-12-12T20:00:00+05:30` or `…Z`): a time without one would
 * mean the sender's own zone, and a tutor abroad would open a paper hours early. Kept as the instant,
 * in UTC (`2026-12-12T14:30:00.000Z`), so stored times sort as text on both engines.
 */
export const instantSchema = z
  .string({ error: PAPERS_TEXT.timeWithOffset })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, { error: PAPERS_TEXT.timeWithOffset })
  .refine((value) => isRealDate(value) && !Number.isNaN(Date.parse(value)), { error: PAPERS_TEXT.timeWithOffset })
  .transform((value) => new Date(value).toISOString());

/** Options are told apart ignoring surrounding spaces and letter case: 'Kandy' and ' kandy' are one option. */
export function optionKey(option: string): string {
  return option.trim().normalize('NFC').toLowerCase();
}

const marksSchema = wholeNumber(PAPER_LIMITS.marksMin, PAPER_LIMITS.marksMax, 'must be a whole number from 1 to 100');
const correctSchema = z
  .number({ error: PAPERS_TEXT.correctInOptions })
  .int({ error: PAPERS_TEXT.correctInOptions })
  .min(0, { error: PAPERS_TEXT.correctInOptions });

// ---- Writing a paper ----

/** What the key's check reads: an index and a list, whatever else the question holds. */
const questionKeyParts = z.object({ correct: correctSchema, options: z.array(z.unknown()) });

/** One question as the editor sends it; `correct` is the 0-based index of its key in `options`. */
export const questionInputSchema = z
  .object({
    text: requiredText(PAPER_LIMITS.questionTextMax),
    image: imageIdSchema.nullable().default(null),
    options: z
      .array(requiredText(PAPER_LIMITS.optionTextMax), { error: 'must be a list' })
      .min(PAPER_LIMITS.optionsMin, { error: `must have at least ${PAPER_LIMITS.optionsMin} options` })
      .max(PAPER_LIMITS.optionsMax, { error: `must have at most ${PAPER_LIMITS.optionsMax} options` })
      .refine((options) => new Set(options.map(optionKey)).size === options.length, { error: PAPERS_TEXT.optionsDistinct }),
    correct: correctSchema,
    marks: marksSchema.default(PAPER_DEFAULTS.marks),
    explanation: text(PAPER_LIMITS.explanationMax).default(''),
  })
  .refine((question) => question.correct < question.options.length, {
    error: PAPERS_TEXT.correctInOptions,
    path: ['correct'],
    // Said even when another field of the question is refused too, so the editor shows every fault at once.
    when: (payload) => questionKeyParts.safeParse(payload.value).success,
  });
export type QuestionBody = z.input<typeof questionInputSchema>;
export type QuestionInput = z.output<typeof questionInputSchema>;

/** The settings of papers.md 'Settings in POST/PUT papers', with their defaults. */
export const paperSettingsSchema = z.object({
  shuffleQuestions: z.boolean({ error: 'must be true or false' }).default(PAPER_DEFAULTS.shuffleQuestions),
  shuffleOptions: z.boolean({ error: 'must be true or false' }).default(PAPER_DEFAULTS.shuffleOptions),
  review: z.enum(REVIEW_LEVELS, { error: `must be one of ${REVIEW_LEVELS.join(', ')}` }).default(PAPER_DEFAULTS.review),
  /** null: released by hand. */
  releaseAt: instantSchema.nullable().default(PAPER_DEFAULTS.releaseAt),
  /** '' is every batch: the merit list's audience. */
  batch: z
    .string({ error: 'must be text' })
    .trim()
    .refine((value) => value === '' || (BATCHES as readonly string[]).includes(value), {
      error: `must be one of ${BATCHES.join(', ')}, or empty for every batch`,
    })
    .default(PAPER_DEFAULTS.batch),
  meritTop: wholeNumber(1, MERIT_TOP_MAX, `must be a whole number from 1 to ${MERIT_TOP_MAX}`).default(PAPER_DEFAULTS.meritTop),
});
export type PaperSettings = z.output<typeof paperSettingsSchema>;

const paperShape = {
  title: requiredText(PAPER_LIMITS.titleMax),
  instructions: text(PAPER_LIMITS.instructionsMax).default(''),
  opensAt: instantSchema,
  closesAt: instantSchema,
  timeLimitMinutes: wholeNumber(
    PAPER_LIMITS.timeLimitMinutesMin,
    PAPER_LIMITS.timeLimitMinutesMax,
    `must be a whole number of minutes from ${PAPER_LIMITS.timeLimitMinutesMin} to ${PAPER_LIMITS.timeLimitMinutesMax}`,
  ),
  questions: z
    .array(questionInputSchema, { error: 'must be a list' })
    .min(PAPER_LIMITS.questionsMin, { error: `must hold at least ${PAPER_LIMITS.questionsMin} questions` })
    .max(PAPER_LIMITS.questionsMax, { error: `must hold at most ${PAPER_LIMITS.questionsMax} questions` }),
  ...paperSettingsSchema.shape,
};

/** What the time rules read: each checked once its own fields are sound, whatever else is refused. */
const opensAndClosesSchema = z.object({ opensAt: instantSchema, closesAt: instantSchema });
const closesAndReleaseSchema = z.object({ closesAt: instantSchema, releaseAt: instantSchema.nullable().default(null) });

/**
 * The rules between fields: closesAt at least a minute after opensAt, releaseAt not before closesAt.
 * 'closesAt must be in the future' needs the server's clock, so the service says it.
 */
function withTimeRules<T extends z.ZodType<{ opensAt: string; closesAt: string; releaseAt: string | null }>>(schema: T) {
  return schema
    .refine((paper) => Date.parse(paper.closesAt) - Date.parse(paper.opensAt) >= PAPER_LIMITS.openAtLeastMs, {
      error: PAPERS_TEXT.closeAfterOpen,
      path: ['closesAt'],
      when: (payload) => opensAndClosesSchema.safeParse(payload.value).success,
    })
    .refine((paper) => paper.releaseAt === null || paper.releaseAt >= paper.closesAt, {
      error: PAPERS_TEXT.releaseAfterClose,
      path: ['releaseAt'],
      when: (payload) => closesAndReleaseSchema.safeParse(payload.value).success,
    });
}

/** `POST papers`: a paper in the folder `folderId` of a class. */
export const createPaperBodySchema = withTimeRules(z.object({ folderId: storeIdSchema, ...paperShape }));
export type CreatePaperBody = z.input<typeof createPaperBodySchema>;
export type CreatePaperInput = z.output<typeof createPaperBodySchema>;

/** `PUT papers/{id}`: the whole paper again; after the first start only what papers.md allows may differ. */
export const updatePaperBodySchema = withTimeRules(z.object(paperShape));
export type UpdatePaperBody = z.input<typeof updatePaperBodySchema>;
export type UpdatePaperInput = z.output<typeof updatePaperBodySchema>;

export const paperParamsSchema = z.object({ paperId: entityIdSchema });
export const paperStudentParamsSchema = paperParamsSchema.extend({ studentId: entityIdSchema });
export const paperImageParamsSchema = paperParamsSchema.extend({ imageId: imageIdSchema });

// ---- Sitting ----

/** A browser's own random key: the same browser resumes as the same device. */
export const startBodySchema = z.object({
  deviceKey: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'must be 16 to 64 letters, digits, - or _' }),
});
export type StartBody = z.infer<typeof startBodySchema>;

/** The device number the start answered (1, 2, …). */
const deviceSchema = z
  .number({ error: 'must be the device number the start answered' })
  .int({ error: 'must be the device number the start answered' })
  .min(1, { error: 'must be the device number the start answered' });

/**
 * One choice, change or clearing (`optionId: null`). `seq` rises by one with every save of the
 * attempt on a device; the highest `seq` of a question wins, so a save may arrive twice or late.
 */
export const saveSchema = z.object({
  seq: z.number({ error: PAPERS_TEXT.seqFromOne }).int({ error: PAPERS_TEXT.seqFromOne }).min(1, { error: PAPERS_TEXT.seqFromOne }),
  questionId: entityIdSchema,
  optionId: entityIdSchema.nullable(),
});
export type Save = z.infer<typeof saveSchema>;

/** A request's saves: its answer names each by `seq`, so no two saves of one request share one. */
const savesSchema = z
  .array(saveSchema, { error: 'must be a list' })
  .max(MAX_SAVES_PER_REQUEST, { error: `must hold at most ${MAX_SAVES_PER_REQUEST} saves` })
  .superRefine((saves, ctx) => {
    const seen = new Set<number>();
    saves.forEach((save, index) => {
      if (seen.has(save.seq)) ctx.addIssue({ code: 'custom', message: PAPERS_TEXT.seqRepeated, path: [index, 'seq'] });
      seen.add(save.seq);
    });
  });

/** A period the page was hidden or the line was down, by the device's clock; `id` makes a retry count once. */
export const integrityEventSchema = z
  .object({
    id: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be 8 to 64 letters, digits, - or _' }),
    kind: z.enum(INTEGRITY_EVENT_KINDS, { error: `must be ${INTEGRITY_EVENT_KINDS.join(' or ')}` }),
    from: instantSchema,
    to: instantSchema,
  })
  .refine((event) => event.to >= event.from, { error: PAPERS_TEXT.eventEndsBeforeStart, path: ['to'] });
export type IntegrityEvent = z.output<typeof integrityEventSchema>;

const eventsSchema = z
  .array(integrityEventSchema, { error: 'must be a list' })
  .max(MAX_EVENTS_PER_REQUEST, { error: `must hold at most ${MAX_EVENTS_PER_REQUEST} periods` });

export const answersBodySchema = z.object({ device: deviceSchema, saves: savesSchema, events: eventsSchema.default([]) });
export type AnswersBody = z.input<typeof answersBodySchema>;
export type AnswersInput = z.output<typeof answersBodySchema>;

/** The hand-in carries the saves still waiting, so the last choices and the hand-in are one step. */
export const handInBodySchema = z.object({ device: deviceSchema, saves: savesSchema.default([]), events: eventsSchema.default([]) });
export type HandInBody = z.input<typeof handInBodySchema>;
export type HandInInput = z.output<typeof handInBodySchema>;

// ---- The tutor's actions ----

export const extraTimeBodySchema = z.object({
  minutes: wholeNumber(0, PAPER_LIMITS.extraMinutesMax, `must be a whole number of minutes from 0 to ${PAPER_LIMITS.extraMinutesMax}`),
});
export type ExtraTimeBody = z.infer<typeof extraTimeBodySchema>;

export const reopenBodySchema = z.object({
  minutes: wholeNumber(
    PAPER_LIMITS.reopenMinutesMin,
    PAPER_LIMITS.reopenMinutesMax,
    `must be a whole number of minutes from ${PAPER_LIMITS.reopenMinutesMin} to ${PAPER_LIMITS.reopenMinutesMax}`,
  ),
});
export type ReopenBody = z.infer<typeof reopenBodySchema>;

/** One question's change: its key (an index of its options in the paper's order), its marks, or dropping it. */
export const regradeChangeSchema = z
  .object({
    questionId: entityIdSchema,
    correct: correctSchema.optional(),
    marks: marksSchema.optional(),
    dropped: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((change) => change.correct !== undefined || change.marks !== undefined || change.dropped !== undefined, {
    error: PAPERS_TEXT.regradeChangesNothing,
  });
export type RegradeChange = z.infer<typeof regradeChangeSchema>;

const regradeChangesSchema = z
  .array(regradeChangeSchema, { error: 'must be a list' })
  .min(1, { error: 'must hold at least one change' })
  .max(PAPER_LIMITS.questionsMax, { error: `must hold at most ${PAPER_LIMITS.questionsMax} changes` })
  .superRefine((changes, ctx) => {
    const seen = new Set<string>();
    changes.forEach((change, index) => {
      if (seen.has(change.questionId)) ctx.addIssue({ code: 'custom', message: PAPERS_TEXT.questionNamedTwice, path: [index, 'questionId'] });
      seen.add(change.questionId);
    });
  });

export const regradePreviewBodySchema = z.object({ changes: regradeChangesSchema });
export type RegradePreviewBody = z.infer<typeof regradePreviewBodySchema>;

/** The regrade applies exactly the preview whose `basis` it names, or is refused if anything moved since. */
export const regradeBodySchema = regradePreviewBodySchema.extend({
  basis: z.string({ error: 'is required' }).regex(/^[0-9a-f]{64}$/, { error: 'is not the basis of a preview' }),
});
export type RegradeBody = z.infer<typeof regradeBodySchema>;

/** `top` defaults to the paper's own merit list size. */
export const meritListBodySchema = z.object({
  top: wholeNumber(1, MERIT_TOP_MAX, `must be a whole number from 1 to ${MERIT_TOP_MAX}`).optional(),
});
export type MeritListBody = z.infer<typeof meritListBodySchema>;

// ---- Answers ----

/** What the server holds for one question of an attempt: the save that won (`optionId` null: cleared). */
export const heldAnswerSchema = z.object({ questionId: z.string(), optionId: z.string().nullable(), seq: z.number().int() });
export type HeldAnswer = z.infer<typeof heldAnswerSchema>;

const optionSchema = z.object({ id: z.string(), text: z.string() });

/** A question as the editor and the tutor's calls see it: in the paper's own order, with its key. */
export const paperQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** The picture's id (PAPERS_PATHS.image), or null. */
  image: z.string().nullable(),
  marks: z.number().int(),
  explanation: z.string(),
  /** A regrade dropped it: it counts for no one and leaves maxMarks. */
  dropped: z.boolean(),
  options: z.array(optionSchema),
  /** The key: an index of `options`. */
  correct: z.number().int(),
});
export type PaperQuestion = z.infer<typeof paperQuestionSchema>;

/** One student's standing with a paper, as the paper's page shows it to them. */
export const paperMineSchema = z.object({
  state: z.enum(ATTEMPT_STATES),
  startedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  handedInAt: z.string().nullable(),
  handedInBy: z.enum(HANDED_IN_BY).nullable(),
  /** The tutor's extra time for this student, set before or during the attempt. */
  extraMinutes: z.number().int(),
});
export type PaperMine = z.infer<typeof paperMineSchema>;

/**
 * `GET papers/{id}` (and `PUT`'s answer). One schema for both readers: the service fills `mine` for a
 * student, and `questions`, `counts`, `resultsReadyAt` and `meritPostedAt` for an admin only.
 */
export const paperSchema = z.object({
  id: z.string(),
  folderId: z.string(),
  className: z.string(),
  title: z.string(),
  instructions: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  timeLimitMinutes: z.number().int(),
  questionCount: z.number().int(),
  maxMarks: z.number().int(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  review: z.enum(REVIEW_LEVELS),
  releaseAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  batch: z.string(),
  meritTop: z.number().int(),
  state: z.enum(PAPER_STATES),
  serverNow: z.string(),
  mine: paperMineSchema.optional(),
  questions: z.array(paperQuestionSchema).optional(),
  counts: z.object({ sitting: z.number().int(), handedIn: z.number().int(), sat: z.number().int() }).optional(),
  resultsReadyAt: z.string().nullable().optional(),
  meritPostedAt: z.string().nullable().optional(),
});
export type Paper = z.infer<typeof paperSchema>;

export const paperAnswerSchema = dataAnswer(paperSchema);
export type PaperAnswer = z.infer<typeof paperAnswerSchema>;

export const paperCreatedAnswerSchema = dataAnswer(z.object({ id: z.string() }));
export type PaperCreatedAnswer = z.infer<typeof paperCreatedAnswerSchema>;

/** A good row of an import, as the editor will hold it; `row` is the sheet's own (the header is row 1). */
export const importedQuestionSchema = z.object({
  row: z.number().int(),
  text: z.string(),
  options: z.array(z.string()),
  correct: z.number().int(),
  marks: z.number().int(),
  explanation: z.string(),
});
export type ImportedQuestion = z.infer<typeof importedQuestionSchema>;

export const paperImportAnswerSchema = dataAnswer(
  z.object({
    questions: z.array(importedQuestionSchema),
    refused: z.array(z.object({ row: z.number().int(), reasons: z.array(z.string()) })),
  }),
);
export type PaperImportAnswer = z.infer<typeof paperImportAnswerSchema>;

export const paperImageAnswerSchema = dataAnswer(z.object({ imageId: z.string(), width: z.number().int(), height: z.number().int() }));
export type PaperImageAnswer = z.infer<typeof paperImageAnswerSchema>;

/**
 * A student's order: `questions` lists positions of the questions answer (the paper's own order,
 * from 0) in the order this student sees them; `options[p]` the positions of question p's options in
 * the order they see them. Drawn once at the start and kept in the attempt.
 */
export const sittingOrderSchema = z.object({
  questions: z.array(z.number().int().min(0)),
  options: z.array(z.array(z.number().int().min(0))),
});
export type SittingOrder = z.infer<typeof sittingOrderSchema>;

/** A question as a sitting student gets it: no key (in the questions answer, in the paper's order). */
export const sittingQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  marks: z.number().int(),
  options: z.array(optionSchema),
});
export type SittingQuestion = z.infer<typeof sittingQuestionSchema>;

/** Start and resume: the same attempt, order and deadline on every call and device. */
export const startAnswerSchema = dataAnswer(
  z.object({
    attemptId: z.string(),
    /** This browser's number in the attempt: every save and hand-in names it. */
    device: z.number().int(),
    startedAt: z.string(),
    deadline: z.string(),
    /** deadline + grace: saves already on their way count until then. */
    acceptedUntil: z.string(),
    serverNow: z.string(),
    extraMinutes: z.number().int(),
    /** The highest `seq` the server holds: the device's next save follows it. */
    lastSeq: z.number().int(),
    /** This student's order of the questions answer (PAPERS_PATHS.questions): see `sittingOrderSchema`. */
    order: sittingOrderSchema,
    answers: z.array(heldAnswerSchema),
    watermark: z.object({ name: z.string(), regNo: z.string() }),
  }),
);
export type StartAnswer = z.infer<typeof startAnswerSchema>;

/**
 * `GET papers/{id}/questions`: the questions and options in the paper's own order, without a key.
 * Every student of the paper gets the same bytes (cached, compressed once); the start says each
 * student's own order of them.
 */
export const questionsAnswerSchema = dataAnswer(z.object({ questions: z.array(sittingQuestionSchema) }));
export type QuestionsAnswer = z.infer<typeof questionsAnswerSchema>;

/** What a sitting screen works from: the start's answer with the questions put in the student's order. */
export type StartedSitting = StartAnswer['data'] & { questions: SittingQuestion[] };

/**
 * The questions answer in a student's order (the start's `order`), options in their order too;
 * refused when the two do not fit (a question or option the paper does not have).
 */
export function inSittingOrder(questions: readonly SittingQuestion[], order: SittingOrder): SittingQuestion[] {
  return order.questions.map((position) => {
    const question = questions[position];
    const optionOrder = order.options[position];
    if (!question || !optionOrder || optionOrder.length !== question.options.length) throw new Error(`the paper has no question ${position} in this order`);
    return {
      ...question,
      options: optionOrder.map((index) => {
        const option = question.options[index];
        if (!option) throw new Error(`question ${position} has no option ${index}`);
        return option;
      }),
    };
  });
}

/** A started sitting: the start's answer and the questions answer, in the student's order. */
export function startedSitting(start: StartAnswer['data'], questions: readonly SittingQuestion[]): StartedSitting {
  return { ...start, questions: inSittingOrder(questions, start.order) };
}

/** Both lists mean 'you can forget this save'; `current` is what the server holds for the ignored ones. */
export const answersAnswerSchema = dataAnswer(
  z.object({
    applied: z.array(z.number().int()),
    ignored: z.array(z.number().int()),
    current: z.array(heldAnswerSchema),
    deadline: z.string(),
    acceptedUntil: z.string(),
    serverNow: z.string(),
  }),
);
export type AnswersAnswer = z.infer<typeof answersAnswerSchema>;

/** No marks before release. */
export const handInAnswerSchema = dataAnswer(
  z.object({
    handedInAt: z.string(),
    handedInBy: z.enum(HANDED_IN_BY),
    answered: z.number().int(),
    questionCount: z.number().int(),
  }),
);
export type HandInAnswer = z.infer<typeof handInAnswerSchema>;

export const releaseAnswerSchema = dataAnswer(z.object({ releasedAt: z.string() }));
export type ReleaseAnswer = z.infer<typeof releaseAnswerSchema>;

/** One question of a student's review, in their order, options as they saw them. */
export const reviewQuestionSchema = z.object({
  number: z.number().int(),
  id: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  marks: z.number().int(),
  awarded: z.number().int(),
  dropped: z.boolean(),
  options: z.array(
    optionSchema.extend({
      chosen: z.boolean(),
      /** From the `keys` level up. */
      key: z.boolean().optional(),
    }),
  ),
  /** At the `explanations` level. */
  explanation: z.string().optional(),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

/** A student's released result; `review` is null under the `marks` level. */
export const paperResultSchema = z.object({
  marks: z.number().int(),
  maxMarks: z.number().int(),
  /** One decimal. */
  percentage: z.number(),
  islandRank: z.number().int(),
  districtRank: z.number().int(),
  batchRank: z.number().int(),
  /** How many sat: on the island, in the student's district, in their batch. */
  sat: z.number().int(),
  satInDistrict: z.number().int(),
  satInBatch: z.number().int(),
  /** As the account was when the student started. */
  district: z.string(),
  batch: z.string(),
  handedInAt: z.string(),
  timeTakenSeconds: z.number().int(),
  /** A paper with a written part: `marks` is their sum, `maxMarks` the sum of the two maxima. */
  mcqMarks: z.number().int().optional(),
  writtenMarks: z.number().int().optional(),
  mcqMaxMarks: z.number().int().optional(),
  writtenMaxMarks: z.number().int().optional(),
  review: z
    .object({
      level: z.enum(['responses', 'keys', 'explanations']),
      questions: z.array(reviewQuestionSchema),
    })
    .nullable(),
});
export type PaperResult = z.infer<typeof paperResultSchema>;

export const resultAnswerSchema = dataAnswer(paperResultSchema);
export type ResultAnswer = z.infer<typeof resultAnswerSchema>;

/** Who a row of the tutor's tables is about, as the account was when they started. */
const paperStudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  regNo: z.string(),
  district: z.string(),
  school: z.string(),
  batch: z.string(),
});

/** One attempt in the tutor's results; marks and ranks are null while it is still open. */
export const resultRowSchema = paperStudentSchema.extend({
  marks: z.number().int().nullable(),
  percentage: z.number().nullable(),
  islandRank: z.number().int().nullable(),
  districtRank: z.number().int().nullable(),
  batchRank: z.number().int().nullable(),
  timeTakenSeconds: z.number().int(),
  startedAt: z.string(),
  handedInAt: z.string().nullable(),
  handedInBy: z.enum(HANDED_IN_BY).nullable(),
  awayCount: z.number().int(),
  awaySeconds: z.number().int(),
  offlineCount: z.number().int(),
  offlineSeconds: z.number().int(),
  devices: z.number().int(),
  lateSaves: z.number().int(),
  extraMinutes: z.number().int(),
  reopened: z.boolean(),
  /** A paper with a written part (answer-scripts.md): the MCQ part of `marks`. */
  mcqMarks: z.number().int().nullable().optional(),
  /** The script's written marks as marked so far (joined into `marks` at release); null without a mark. */
  writtenMarks: z.number().int().nullable().optional(),
  /** Per written question in the paper's order (`paper.writtenQuestions`); null where not marked. */
  writtenByQuestion: z.array(z.number().int().nullable()).optional(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

/** A student who may open the class and never started (their account as it is now). */
export const absentStudentSchema = paperStudentSchema.extend({ extraMinutes: z.number().int() });
export type AbsentStudent = z.infer<typeof absentStudentSchema>;

export const resultsAnswerSchema = dataAnswer(
  z.object({
    paper: z.object({
      id: z.string(),
      title: z.string(),
      maxMarks: z.number().int(),
      sat: z.number().int(),
      resultsReadyAt: z.string().nullable(),
      releasedAt: z.string().nullable(),
      /** With a written part: `maxMarks` is their sum. */
      mcqMaxMarks: z.number().int().optional(),
      writtenMaxMarks: z.number().int().optional(),
      writtenQuestions: z.array(z.object({ id: z.string(), label: z.string(), maxMarks: z.number().int() })).optional(),
    }),
    rows: z.array(resultRowSchema),
    absent: z.array(absentStudentSchema),
  }),
);
export type ResultsAnswer = z.infer<typeof resultsAnswerSchema>;

/** One option's figures: `label` is A–F in the paper's own order. */
export const optionStatisticsSchema = z.object({
  id: z.string(),
  label: z.string(),
  text: z.string(),
  /** Null on a dropped question, which shows no figures. */
  count: z.number().int().nullable(),
  /** Percent of those who sat; with the unanswered share they add up to 100. */
  share: z.number().nullable(),
  isKey: z.boolean(),
});
export type OptionStatistics = z.infer<typeof optionStatisticsSchema>;

/** A dropped question is listed with no figures (null); facility is null when nobody sat, discrimination below 2. */
export const questionStatisticsSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  text: z.string(),
  marks: z.number().int(),
  dropped: z.boolean(),
  keyOptionId: z.string(),
  /** Percent who answered it right, one decimal. */
  facility: z.number().nullable(),
  /** Kelley's upper and lower 27 %, −1 to +1, two decimals. */
  discrimination: z.number().nullable(),
  /** Fewer than 20 sat: the discrimination is a rough guide. */
  fewStudents: z.boolean(),
  unansweredShare: z.number().nullable(),
  options: z.array(optionStatisticsSchema),
  flags: z.array(z.enum(QUESTION_FLAGS)),
});
export type QuestionStatistics = z.infer<typeof questionStatisticsSchema>;

/** Provisional until results are ready; the marks' figures are null when nobody sat. */
export const paperStatisticsSchema = z.object({
  sat: z.number().int(),
  provisional: z.boolean(),
  maxMarks: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  standardDeviation: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  /** The last bar includes maxMarks. */
  histogram: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  /** n, the size of the upper and of the lower group. */
  groupSize: z.number().int(),
  questions: z.array(questionStatisticsSchema),
});
export type PaperStatistics = z.infer<typeof paperStatisticsSchema>;

export const statisticsAnswerSchema = dataAnswer(paperStatisticsSchema);
export type StatisticsAnswer = z.infer<typeof statisticsAnswerSchema>;

/** One attempt as the tutor inspects it: questions and options in the student's order. */
export const paperAttemptSchema = z.object({
  student: paperStudentSchema,
  attemptId: z.string(),
  startedAt: z.string(),
  /** The start, or the last reopening. */
  openedAt: z.string(),
  deadline: z.string(),
  handedInAt: z.string().nullable(),
  handedInBy: z.enum(HANDED_IN_BY).nullable(),
  marks: z.number().int().nullable(),
  correct: z.number().int().nullable(),
  answered: z.number().int().nullable(),
  timeTakenSeconds: z.number().int(),
  extraMinutes: z.number().int(),
  reopened: z.boolean(),
  lateSaves: z.number().int(),
  questions: z.array(
    z.object({
      number: z.number().int(),
      id: z.string(),
      text: z.string(),
      marks: z.number().int(),
      dropped: z.boolean(),
      options: z.array(optionSchema.extend({ isKey: z.boolean() })),
      /** What the server holds: null when unanswered or cleared. */
      optionId: z.string().nullable(),
      seq: z.number().int().nullable(),
      savedAt: z.string().nullable(),
    }),
  ),
  devices: z.array(
    z.object({
      device: z.number().int(),
      /** 'Chrome on Android'. */
      label: z.string(),
      ip: z.string(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
  /** Page-away and offline periods, by the device's clock as sent. */
  events: z.array(
    z.object({
      kind: z.enum(INTEGRITY_EVENT_KINDS),
      device: z.number().int(),
      from: z.string(),
      to: z.string(),
      seconds: z.number().int(),
      receivedAt: z.string(),
    }),
  ),
});
export type PaperAttempt = z.infer<typeof paperAttemptSchema>;

export const attemptAnswerSchema = dataAnswer(paperAttemptSchema);
export type AttemptAnswer = z.infer<typeof attemptAnswerSchema>;

/** `deadline` is null while the student has not started. */
export const extraTimeAnswerSchema = dataAnswer(z.object({ extraMinutes: z.number().int(), deadline: z.string().nullable() }));
export type ExtraTimeAnswer = z.infer<typeof extraTimeAnswerSchema>;

export const reopenAnswerSchema = dataAnswer(z.object({ deadline: z.string() }));
export type ReopenAnswer = z.infer<typeof reopenAnswerSchema>;

/** A student whose marks or island rank a regrade moves; a rank is null where none is stored yet. */
export const regradeMoveSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  regNo: z.string(),
  marksBefore: z.number().int(),
  marksAfter: z.number().int(),
  islandRankBefore: z.number().int().nullable(),
  islandRankAfter: z.number().int().nullable(),
});
export type RegradeMove = z.infer<typeof regradeMoveSchema>;

/** The preview and the regrade answer the same object: the regrade applies exactly what was previewed. */
export const regradeAnswerSchema = dataAnswer(
  z.object({
    basis: z.string(),
    maxMarksBefore: z.number().int(),
    maxMarksAfter: z.number().int(),
    moves: z.array(regradeMoveSchema),
    /** Handed-in attempts the regrade leaves as they are. */
    unchanged: z.number().int(),
  }),
);
export type RegradeAnswer = z.infer<typeof regradeAnswerSchema>;

export const meritListAnswerSchema = dataAnswer(z.object({ messageId: z.string(), text: z.string() }));
export type MeritListAnswer = z.infer<typeof meritListAnswerSchema>;

/**
 * The 409 of the sitting and release calls: the sentence, and the instants it speaks of, so the web
 * app can say it in the reader's language; `current` is what the server holds for each question the
 * refused request named, so the phone knows which choices counted.
 */
export const paperRefusalSchema = errorAnswerSchema.extend({
  opensAt: z.string().optional(),
  closesAt: z.string().optional(),
  deadline: z.string().optional(),
  acceptedUntil: z.string().optional(),
  handedInAt: z.string().optional(),
  releaseAt: z.string().optional(),
  current: z.array(heldAnswerSchema).optional(),
  /** A release refused while answer scripts are not marked: how many (answer-scripts.md). */
  unmarked: z.number().int().optional(),
});
export type PaperRefusal = z.infer<typeof paperRefusalSchema>;

/** A paper among a folder's items (`mimeType` PAPER_MIME_TYPE): its state line is worked out from `serverNow`. */
export const drivePaperSchema = z.object({
  state: z.enum(PAPER_STATES),
  opensAt: z.string(),
  closesAt: z.string(),
  timeLimitMinutes: z.number().int(),
  /** A student's own standing; `deadline` while sitting. */
  mine: z.object({ state: z.enum(ATTEMPT_STATES), deadline: z.string().optional() }).optional(),
  /** An admin's counts. */
  counts: z.object({ sitting: z.number().int(), handedIn: z.number().int() }).optional(),
  serverNow: z.string(),
});
export type DrivePaper = z.infer<typeof drivePaperSchema>;

/** The address of a question's picture under /api/ (it is fetched with the caller's token). */
export function paperImageAddress(paperId: string, imageId: string): string {
  return `${API_BASE}${PAPERS_PATHS.image.replace(':paperId', encodeURIComponent(paperId)).replace(':imageId', encodeURIComponent(imageId))}`;
}

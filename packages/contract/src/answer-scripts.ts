import { z } from 'zod';
import { API_BASE, dataAnswer, errorAnswerSchema } from './api';
import { ANSWER_SCRIPTS_TEXT } from './answer-scripts-text';

// The written part of a paper (docs/design/answer-scripts.md): a question sheet, written questions
// with their maximum marks, photographed pages handed in as one action, marked on the page and
// returned. Times are UTC ISO-8601, as papers'.

export const ANSWER_SCRIPTS_PATHS = {
  /** GET (who may open the class), PUT and DELETE (admin): the written part. */
  written: 'papers/:paperId/written',
  /** POST (admin, multipart `sheet`); GET: clean to an admin, stamped to a student. */
  sheet: 'papers/:paperId/written/sheet',
  /** GET (admin): the written questions' figures. */
  writtenStatistics: 'papers/:paperId/written/statistics',
  /** GET (student): their own script, staged or handed in. */
  script: 'papers/:paperId/script',
  /** POST (student, multipart `page`): a staged page. */
  pages: 'papers/:paperId/script/pages',
  /** DELETE (student): a staged page. */
  stagedPage: 'papers/:paperId/script/pages/:pageId',
  /** POST (student): the hand-in, every page or none. */
  handIn: 'papers/:paperId/script/hand-in',
  /** GET (student, after release): their marked script as one PDF. */
  markedPdf: 'papers/:paperId/script/marked.pdf',
  /** GET: a page's WebP, to its student or an admin. */
  page: 'papers/:paperId/pages/:pageId',
  // Marking (admin).
  scripts: 'papers/:paperId/scripts',
  assign: 'papers/:paperId/scripts/assign',
  markingScript: 'papers/:paperId/scripts/:scriptId',
  annotations: 'papers/:paperId/scripts/:scriptId/pages/:pageId/annotations',
  marks: 'papers/:paperId/scripts/:scriptId/marks',
  markingPdf: 'papers/:paperId/scripts/:scriptId/marked.pdf',
} as const;

export const WRITTEN_LIMITS = {
  questionsMin: 1,
  questionsMax: 50,
  labelMax: 20,
  maxMarksMin: 1,
  maxMarksMax: 100,
  graceMinutesMin: 0,
  graceMinutesMax: 120,
  graceMinutesDefault: 15,
  sheetMaxBytes: 20 * 1024 * 1024,
  sheetMaxPages: 60,
  pageMaxBytes: 25 * 1024 * 1024,
  /** Staged and handed-in pages a student and paper. */
  pagesMax: 40,
  /** A stored page's longer side. */
  pageMaxSidePx: 2000,
  commentMax: 2000,
  assignMax: 500,
  shapesPerPageMax: 500,
  /** The JSON of one page's annotations. */
  annotationBytesMax: 64 * 1024,
  penPointsMin: 2,
  penPointsMax: 2000,
  penWidthMin: 1,
  penWidthMax: 40,
  markSizeMin: 8,
  markSizeMax: 400,
  textMax: 500,
  textSizeMin: 8,
  textSizeMax: 200,
} as const;

export const SHEET_FIELD = 'sheet';
export const PAGE_FIELD = 'page';

/** Clockwise turns a student may give a page before handing in. */
export const PAGE_ROTATIONS = [0, 90, 180, 270] as const;
export type PageRotation = (typeof PAGE_ROTATIONS)[number];

export const SCRIPT_STATES = ['to-do', 'in-progress', 'marked'] as const;
export type ScriptState = (typeof SCRIPT_STATES)[number];

/** Where a student stands with their written answers. */
export const MY_SCRIPT_STATES = ['none', 'staged', 'handed-in'] as const;
export type MyScriptState = (typeof MY_SCRIPT_STATES)[number];

export const ANNOTATION_KINDS = ['pen', 'tick', 'cross', 'text'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];
export const ANNOTATION_COLORS = ['red', 'blue', 'green'] as const;
export type AnnotationColor = (typeof ANNOTATION_COLORS)[number];

// ---- Pieces ----

const idSchema = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(64, { error: 'is not a valid id' });

function wholeNumber(min: number, max: number) {
  const sentence = `must be a whole number from ${min} to ${max}`;
  return z.number({ error: sentence }).int({ error: sentence }).min(min, { error: sentence }).max(max, { error: sentence });
}

/** A coordinate in the page's own pixels; the server checks it lies within the page. */
const coordinateSchema = z.number({ error: 'must be a number' }).finite({ error: 'must be a number' }).min(0, { error: ANSWER_SCRIPTS_TEXT.annotationOutside });
const colorSchema = z.enum(ANNOTATION_COLORS, { error: `must be one of ${ANNOTATION_COLORS.join(', ')}` }).default('red');

export const writtenParamsSchema = z.object({ paperId: idSchema });
export const pageParamsSchema = writtenParamsSchema.extend({ pageId: idSchema });
export const scriptParamsSchema = writtenParamsSchema.extend({ scriptId: idSchema });
export const scriptPageParamsSchema = scriptParamsSchema.extend({ pageId: idSchema });

// ---- The written part (admin) ----

export const writtenQuestionInputSchema = z.object({
  /** An existing question's id keeps its marks; a question without one is new. */
  id: idSchema.optional(),
  label: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(WRITTEN_LIMITS.labelMax, { error: `must be at most ${WRITTEN_LIMITS.labelMax} characters` }),
  maxMarks: wholeNumber(WRITTEN_LIMITS.maxMarksMin, WRITTEN_LIMITS.maxMarksMax),
});

export const writtenBodySchema = z.object({
  questions: z
    .array(writtenQuestionInputSchema, { error: 'must be a list' })
    .min(WRITTEN_LIMITS.questionsMin, { error: 'must hold at least one question' })
    .max(WRITTEN_LIMITS.questionsMax, { error: `must hold at most ${WRITTEN_LIMITS.questionsMax} questions` }),
  graceMinutes: wholeNumber(WRITTEN_LIMITS.graceMinutesMin, WRITTEN_LIMITS.graceMinutesMax).default(WRITTEN_LIMITS.graceMinutesDefault),
});
export type WrittenBody = z.input<typeof writtenBodySchema>;
export type WrittenInput = z.output<typeof writtenBodySchema>;

export const writtenQuestionSchema = z.object({ id: z.string(), label: z.string(), maxMarks: z.number().int() });
export type WrittenQuestion = z.infer<typeof writtenQuestionSchema>;

export const writtenPartSchema = z.object({
  questions: z.array(writtenQuestionSchema),
  /** The written part's maximum: the sum of its questions'. */
  maxMarks: z.number().int(),
  graceMinutes: z.number().int(),
  sheet: z.object({ pages: z.number().int(), bytes: z.number().int() }).nullable(),
});
export type WrittenPart = z.infer<typeof writtenPartSchema>;

/** `data` is null when the paper has no written part. */
export const writtenAnswerSchema = dataAnswer(writtenPartSchema.nullable());
export type WrittenAnswer = z.infer<typeof writtenAnswerSchema>;

export const sheetAnswerSchema = dataAnswer(z.object({ pages: z.number().int(), bytes: z.number().int() }));
export type SheetAnswer = z.infer<typeof sheetAnswerSchema>;

// ---- Pages and the hand-in (student) ----

export const stagedPageSchema = z.object({ id: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() });
export type StagedPage = z.infer<typeof stagedPageSchema>;

export const pageUploadAnswerSchema = dataAnswer(z.object({ page: stagedPageSchema }));
export type PageUploadAnswer = z.infer<typeof pageUploadAnswerSchema>;

export const handInPageSchema = z.object({
  id: idSchema,
  rotation: z
    .union(PAGE_ROTATIONS.map((turn) => z.literal(turn)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<90>, z.ZodLiteral<180>, z.ZodLiteral<270>], {
      error: 'must be 0, 90, 180 or 270',
    })
    .default(0),
});

/** The pages in the order the student chose, each with its clockwise turn. */
export const scriptHandInBodySchema = z.object({
  pages: z
    .array(handInPageSchema, { error: 'must be a list' })
    .min(1, { error: 'must hold at least one page' })
    .max(WRITTEN_LIMITS.pagesMax, { error: `must hold at most ${WRITTEN_LIMITS.pagesMax} pages` })
    .superRefine((pages, ctx) => {
      const seen = new Set<string>();
      pages.forEach((page, index) => {
        if (seen.has(page.id)) ctx.addIssue({ code: 'custom', message: ANSWER_SCRIPTS_TEXT.pageNamedTwice, path: [index, 'id'] });
        seen.add(page.id);
      });
    }),
});
export type ScriptHandInBody = z.input<typeof scriptHandInBodySchema>;
export type ScriptHandInInput = z.output<typeof scriptHandInBodySchema>;

// ---- Annotations ----

export const penShapeSchema = z.object({
  kind: z.literal('pen'),
  /** Flat pairs: x1, y1, x2, y2, … */
  points: z
    .array(coordinateSchema, { error: 'must be a list of numbers' })
    .min(WRITTEN_LIMITS.penPointsMin * 2, { error: `must hold at least ${WRITTEN_LIMITS.penPointsMin} points` })
    .max(WRITTEN_LIMITS.penPointsMax * 2, { error: `must hold at most ${WRITTEN_LIMITS.penPointsMax} points` })
    .refine((points) => points.length % 2 === 0, { error: 'must hold pairs of x and y' }),
  width: z.number({ error: 'must be a number' }).min(WRITTEN_LIMITS.penWidthMin).max(WRITTEN_LIMITS.penWidthMax).default(4),
  color: colorSchema,
});

export const markShapeSchema = z.object({
  kind: z.enum(['tick', 'cross']),
  x: coordinateSchema,
  y: coordinateSchema,
  size: z.number({ error: 'must be a number' }).min(WRITTEN_LIMITS.markSizeMin).max(WRITTEN_LIMITS.markSizeMax).default(60),
  color: colorSchema,
});

export const textShapeSchema = z.object({
  kind: z.literal('text'),
  x: coordinateSchema,
  y: coordinateSchema,
  text: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(WRITTEN_LIMITS.textMax, { error: `must be at most ${WRITTEN_LIMITS.textMax} characters` }),
  size: z.number({ error: 'must be a number' }).min(WRITTEN_LIMITS.textSizeMin).max(WRITTEN_LIMITS.textSizeMax).default(36),
  color: colorSchema,
});

export const annotationSchema = z.discriminatedUnion('kind', [penShapeSchema, markShapeSchema, textShapeSchema], {
  error: `kind must be one of ${ANNOTATION_KINDS.join(', ')}`,
});
export type AnnotationBody = z.input<typeof annotationSchema>;
export type Annotation = z.output<typeof annotationSchema>;

export const annotationsBodySchema = z.object({
  annotations: z
    .array(annotationSchema, { error: 'must be a list' })
    .max(WRITTEN_LIMITS.shapesPerPageMax, { error: `must hold at most ${WRITTEN_LIMITS.shapesPerPageMax} shapes` }),
});
export type AnnotationsBody = z.input<typeof annotationsBodySchema>;
export type AnnotationsInput = z.output<typeof annotationsBodySchema>;

/** The body limit of the annotations call: a page's shapes plus room for JSON's spacing. */
export const ANNOTATIONS_BODY_LIMIT = 2 * WRITTEN_LIMITS.annotationBytesMax;

export const annotationsAnswerSchema = dataAnswer(z.object({ savedAt: z.string(), count: z.number().int() }));
export type AnnotationsAnswer = z.infer<typeof annotationsAnswerSchema>;

// ---- Marks (admin) ----

export const marksBodySchema = z.object({
  marks: z
    .array(
      z.object({
        questionId: idSchema,
        /** null clears the question's mark. */
        marks: z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must not be below 0' }).nullable(),
      }),
      { error: 'must be a list' },
    )
    .max(WRITTEN_LIMITS.questionsMax, { error: `must hold at most ${WRITTEN_LIMITS.questionsMax} marks` }),
  comment: z.string({ error: 'must be text' }).trim().max(WRITTEN_LIMITS.commentMax, { error: `must be at most ${WRITTEN_LIMITS.commentMax} characters` }).optional(),
  /** Done: every question must then have a mark. */
  done: z.boolean({ error: 'must be true or false' }).default(false),
});
export type MarksBody = z.input<typeof marksBodySchema>;
export type MarksInput = z.output<typeof marksBodySchema>;

export const marksAnswerSchema = dataAnswer(z.object({ state: z.enum(SCRIPT_STATES), writtenMarks: z.number().int() }));
export type MarksAnswer = z.infer<typeof marksAnswerSchema>;

export const assignBodySchema = z.object({
  scriptIds: z
    .array(idSchema, { error: 'must be a list' })
    .min(1, { error: 'must hold at least one answer script' })
    .max(WRITTEN_LIMITS.assignMax, { error: `must hold at most ${WRITTEN_LIMITS.assignMax} answer scripts` }),
  /** null: not assigned. */
  markerId: idSchema.nullable(),
});
export type AssignBody = z.infer<typeof assignBodySchema>;

export const assignAnswerSchema = dataAnswer(z.object({ assigned: z.number().int() }));
export type AssignAnswer = z.infer<typeof assignAnswerSchema>;

/** `marker` is an admin's id, or `none` for scripts nobody is assigned. */
export const scriptsQuerySchema = z.object({
  state: z.enum(SCRIPT_STATES, { error: `must be one of ${SCRIPT_STATES.join(', ')}` }).optional(),
  marker: idSchema.optional(),
});
export type ScriptsQuery = z.infer<typeof scriptsQuerySchema>;

// ---- Answers ----

const scriptStudentSchema = z.object({ studentId: z.string(), name: z.string(), regNo: z.string() });

/** A handed-in page; `annotations` only where the reader may see them (an admin; the student after release). */
export const scriptPageSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  annotations: z.array(annotationSchema).optional(),
});
export type ScriptPage = z.infer<typeof scriptPageSchema>;

export const questionMarkSchema = z.object({
  questionId: z.string(),
  label: z.string(),
  maxMarks: z.number().int(),
  /** null: not marked yet. */
  marks: z.number().int().nullable(),
});
export type QuestionMark = z.infer<typeof questionMarkSchema>;

/** The student's own script. Marks, comment and annotations only after release. */
export const myScriptSchema = z.object({
  state: z.enum(MY_SCRIPT_STATES),
  /** The upload deadline (deadline + grace); null before the start. */
  acceptedUntil: z.string().nullable(),
  handedInAt: z.string().nullable(),
  staged: z.array(stagedPageSchema),
  pages: z.array(scriptPageSchema),
  serverNow: z.string(),
  released: z.boolean(),
  marks: z.array(questionMarkSchema).optional(),
  writtenMarks: z.number().int().optional(),
  writtenMaxMarks: z.number().int().optional(),
  comment: z.string().optional(),
});
export type MyScript = z.infer<typeof myScriptSchema>;
export const myScriptAnswerSchema = dataAnswer(myScriptSchema);
export type MyScriptAnswer = z.infer<typeof myScriptAnswerSchema>;

export const scriptHandInAnswerSchema = dataAnswer(
  z.object({ handedInAt: z.string(), pages: z.array(scriptPageSchema.omit({ annotations: true })) }),
);
export type ScriptHandInAnswer = z.infer<typeof scriptHandInAnswerSchema>;

export const queueRowSchema = z.object({
  scriptId: z.string(),
  student: scriptStudentSchema,
  handedInAt: z.string(),
  pageCount: z.number().int(),
  state: z.enum(SCRIPT_STATES),
  markerId: z.string().nullable(),
  markerName: z.string().nullable(),
  writtenMarks: z.number().int().nullable(),
});
export type QueueRow = z.infer<typeof queueRowSchema>;

export const scriptsAnswerSchema = dataAnswer(
  z.object({
    counts: z.object({ toDo: z.number().int(), inProgress: z.number().int(), marked: z.number().int(), notHandedIn: z.number().int() }),
    rows: z.array(queueRowSchema),
    markers: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type ScriptsAnswer = z.infer<typeof scriptsAnswerSchema>;

export const markingScriptSchema = z.object({
  scriptId: z.string(),
  student: scriptStudentSchema,
  handedInAt: z.string(),
  state: z.enum(SCRIPT_STATES),
  markerId: z.string().nullable(),
  comment: z.string(),
  writtenMarks: z.number().int().nullable(),
  writtenMaxMarks: z.number().int(),
  questions: z.array(questionMarkSchema),
  pages: z.array(scriptPageSchema),
});
export type MarkingScript = z.infer<typeof markingScriptSchema>;
export const markingScriptAnswerSchema = dataAnswer(markingScriptSchema);
export type MarkingScriptAnswer = z.infer<typeof markingScriptAnswerSchema>;

export const writtenStatisticsSchema = z.object({
  /** Scripts handed in, and of them marked. */
  scripts: z.number().int(),
  marked: z.number().int(),
  questions: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      maxMarks: z.number().int(),
      /** Scripts with a mark for this question. */
      marked: z.number().int(),
      /** Two decimals; null when none is marked. */
      mean: z.number().nullable(),
      highest: z.number().int().nullable(),
      lowest: z.number().int().nullable(),
    }),
  ),
});
export type WrittenStatistics = z.infer<typeof writtenStatisticsSchema>;
export const writtenStatisticsAnswerSchema = dataAnswer(writtenStatisticsSchema);
export type WrittenStatisticsAnswer = z.infer<typeof writtenStatisticsAnswerSchema>;

/** The 409 of the upload and hand-in: `acceptedUntil` so the web app says the time in the reader's language. */
export const scriptRefusalSchema = errorAnswerSchema.extend({
  acceptedUntil: z.string().optional(),
  unmarked: z.number().int().optional(),
});
export type ScriptRefusal = z.infer<typeof scriptRefusalSchema>;

function fill(path: string, values: Record<string, string>): string {
  return `${API_BASE}${path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))}`;
}

/** The address of a page's WebP under /api/ (fetched with the caller's token). */
export function scriptPageAddress(paperId: string, pageId: string): string {
  return fill(ANSWER_SCRIPTS_PATHS.page, { paperId, pageId });
}

/** The address of the question sheet (clean to an admin, stamped to a student). */
export function questionSheetAddress(paperId: string): string {
  return fill(ANSWER_SCRIPTS_PATHS.sheet, { paperId });
}

/** The student's marked script as one PDF. */
export function markedScriptAddress(paperId: string): string {
  return fill(ANSWER_SCRIPTS_PATHS.markedPdf, { paperId });
}

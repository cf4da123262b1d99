// The written part's words (docs/design/answer-scripts.md), apart from its zod schemas, so the web
// app's English dictionary can import them without zod. The server answers these sentences as they
// are; the web app says them in the reader's language (i18n/server-text.ts). Sentences with a time
// in them are built below, by papers-text's Sri Lanka clock.
import { sriLankaTimeOfDay } from './papers-text';

export const ANSWER_SCRIPTS_TEXT = {
  // ---- Server answers ----
  writtenRead: 'Written part',
  writtenSaved: 'Written part saved',
  writtenRemoved: 'Written part removed',
  sheetUploaded: 'Question sheet uploaded',
  pageUploaded: 'Page uploaded',
  pageRemoved: 'Page removed',
  scriptHandedIn: 'Written answers handed in',
  scriptRead: 'Answer script',
  scriptsRead: 'Answer scripts',
  scriptsAssigned: 'Answer scripts assigned',
  annotationsSaved: 'Marks on the page saved',
  marksSaved: 'Marks saved',
  writtenStatisticsRead: 'Written part statistics',

  // ---- Refusals (answer-scripts.md 'Refusals') ----
  noWrittenPart: 'This paper has no written part',
  pageRequired: 'Choose a photo of a page',
  pageType: 'A page must be a JPEG, PNG or WebP photo',
  pdfAsPages: 'A PDF is sent as its pages: the app turns it into photos of its pages',
  pageTooLarge: 'A page must be at most 25 MB',
  pageUnreadable: 'This photo could not be read',
  pageCut: 'The page did not arrive whole: send it again',
  sheetRequired: 'Choose the question sheet (a PDF)',
  sheetType: 'The question sheet must be a PDF',
  sheetTooLarge: 'The question sheet must be at most 20 MB',
  sheetTooManyPages: 'The question sheet must have at most 60 pages',
  sheetUnreadable: 'This PDF could not be read',
  noSheet: 'This paper has no question sheet',
  sheetAfterOpen: 'The paper has opened: its question sheet can no longer change.',
  startFirst: 'Start the paper before handing in written answers.',
  nothingToSit: 'This paper has no questions yet: it cannot be started.',
  tooManyPages: 'You can hand in at most 40 pages.',
  unknownPage: 'is not a page you uploaded for this paper',
  pageNamedTwice: 'names a page already named in this hand-in',
  alreadyHandedIn: 'You have handed in your written answers.',
  pageHandedIn: 'This page is handed in and can no longer be removed.',
  writtenFrozen: 'Answer scripts have been handed in: the written questions and their marks can no longer change.',
  writtenRemoveRefused: 'Pages have been uploaded for this paper, so its written part is kept.',
  questionIdUnknown: 'is not a written question of this paper',
  aboveMaximum: 'is above the question\u2019s maximum',
  unmarkedQuestions: 'Give every question a mark before marking the script done.',
  scriptNotFound: 'Answer script not found',
  pageNotFound: 'Page not found',
  markerNotAdmin: 'is not an admin',
  scriptsUnknown: 'names an answer script not of this paper',
  annotationOutside: 'must lie on the page',
  annotationsTooLarge: 'The marks on this page are too many: at most 500 shapes and 64 KB',

  // ---- Screen words ----
  writtenPart: 'Written part',
  questionSheet: 'Question sheet',
  uploadGrace: 'Upload time after the paper',
  handInPages: 'Hand in pages',
  takePhoto: 'Take a photo',
  choosePhotos: 'Choose photos or a PDF',
  rotate: 'Rotate',
  removePage: 'Remove page',
  markingQueue: 'Marking',
  toDo: 'To do',
  inProgress: 'In progress',
  marked: 'Marked',
  notHandedIn: 'Not handed in',
  unassigned: 'Not assigned',
  assignTo: 'Assign to',
  tick: 'Tick',
  cross: 'Cross',
  pen: 'Pen',
  textMark: 'Text',
  comment: 'Comment',
  markDone: 'Done',
  nextPage: 'Next page',
  nextScript: 'Next script',
  writtenMarks: 'Written marks',
  mcqMarks: 'MCQ marks',
  totalMarks: 'Total',
  downloadMarkedScript: 'Download marked script (PDF)',
} as const;

/** 409 for a page or hand-in after the upload deadline: 'The upload time is over: it ended at 9:15 PM.' */
export function uploadTimeOverMessage(acceptedUntil: string | Date): string {
  return `The upload time is over: it ended at ${sriLankaTimeOfDay(acceptedUntil)}.`;
}

/** 409 at release while a student may still hand in: 'Students may still hand in written answers until 9:15 PM.' */
export function uploadsStillOpenMessage(until: string | Date): string {
  return `Students may still hand in written answers until ${sriLankaTimeOfDay(until)}.`;
}

/** 409 at release while scripts are not marked: '3 answer scripts are not marked yet.' */
export function scriptsUnmarkedMessage(count: number): string {
  return count === 1 ? '1 answer script is not marked yet.' : `${count} answer scripts are not marked yet.`;
}

/** 400 on a mark above its question's maximum: 'Q2 is at most 10 marks'. */
export function aboveMaximumMessage(label: string, maxMarks: number): string {
  return `${label} is at most ${maxMarks} marks`;
}

// The papers feature's words, apart from its zod schemas: the web app's English dictionary imports
// them, and the login page's first download must not carry zod along (docs/languages.md). The
// server answers these sentences as they are; sentences with a time in them are built below.
//
// Refusals the papers share with other features keep their words where they are:
// 'Folder not found' (CLASS_MATERIAL_TEXT.folderNotFound), 'Student not found'
// (SERVER_TEXT.studentNotFound), the image refusals (SERVER_TEXT.imageRequired, imageTooLarge,
// imageWrongType, imageUnreadable) and 'The CSV file could not be read' / 'The CSV file is larger
// than 2 MB' (SERVER_TEXT.importBroken, importTooLarge).

export const PAPERS_TEXT = {
  // ---- Server answers ----
  paperCreated: 'Paper created',
  paperSaved: 'Paper saved',
  paperDeleted: 'Paper deleted',
  paperRead: 'Paper',
  questionsRead: 'Questions read',
  imageUploaded: 'Image uploaded',
  started: 'Paper started',
  answersSaved: 'Answers saved',
  handedIn: 'Handed in',
  resultsReleased: 'Results released',
  resultRead: 'Result',
  resultsRead: 'Results',
  statisticsRead: 'Statistics',
  attemptRead: 'Attempt',
  extraTimeSaved: 'Extra time saved',
  attemptReopened: 'Attempt reopened',
  regradePreviewed: 'Regrade previewed',
  regraded: 'Regrade applied',
  meritListPosted: 'Merit list posted',

  // ---- Refusals (papers.md 'Refusals') ----
  paperNotFound: 'Paper not found',
  startedFrozen:
    'Students have started this paper: its opening time, time limit, shuffling and questions can no longer change. Change keys and marks through Regrade.',
  closeOnlyLater: 'The close can only move later once students have started.',
  /** Moving the close after release would let students start a paper whose ranks are out. */
  closeAfterRelease: 'Results are out: the close can no longer move.',
  startedKept: 'Students have started this paper, so it is kept.',
  folderHoldsSatPaper: 'This folder holds a paper that students have sat, so it is kept.',
  onlyStudentsSit: 'Only students sit papers.',
  unknownDevice: 'This device has not started the paper: open it again.',
  notStarted: 'You have not started this paper.',
  releaseNotReady: 'Results can be released once the paper has closed and every attempt is handed in.',
  resultsNotOut: 'Results are not out yet.',
  didNotSit: 'You did not sit this paper.',
  studentNotStarted: 'This student has not started this paper.',
  studentHandedIn: 'This student has handed in: reopen the attempt instead.',
  attemptStillOpen: 'This attempt is still open.',
  resultsOutNoReopen: 'Results are out: an attempt can no longer be reopened.',
  regradeStale: 'Answers or keys changed since the preview: preview again.',
  meritListBeforeRelease: 'Release the results before publishing the merit list.',
  importFileRequired: 'Choose a CSV file of questions to import',
  importNotUtf8: 'The CSV file is not UTF-8 text: save it as CSV UTF-8',
  /** Followed by ': ' and the missing columns, as the students' import says it. */
  importMissingColumns: 'The CSV file is missing the columns',
  importEmpty: 'The CSV file has no question rows',
  importTooManyRows: 'The CSV file has more than 150 questions; split it',
  importWrongType: 'Only CSV files are read here: the paper editor turns an XLSX sheet into CSV',

  // ---- Field refusals: '<field> <sentence>' ----
  timeWithOffset: 'must be a time with its offset, like 2026-12-12T20:00:00+05:30',
  closeAfterOpen: 'must be at least a minute after opensAt',
  closeInFuture: 'must be in the future',
  releaseAfterClose: 'must not be before closesAt',
  correctInOptions: 'must be the index of one of its options',
  optionsDistinct: 'must be different from each other',
  notUploadedImage: 'is not an uploaded image',
  notQuestionOfPaper: 'is not a question of this paper',
  notOptionOfQuestion: 'is not an option of that question',
  seqFromOne: 'must be a whole number from 1',
  seqRepeated: 'is used by another save of this request',
  questionNamedTwice: 'names a question already changed in this request',
  regradeChangesNothing: 'must change the key, the marks or whether the question is dropped',
  eventEndsBeforeStart: 'must not be before from',

  // ---- Import: the reasons a row is refused (each a sentence of its own) ----
  rowQuestionEmpty: 'question is empty',
  rowTooFewOptions: 'needs at least two options',
  rowCorrectInvalid: 'correct must be 1 to 6 or A to F',
  rowCorrectEmptyOption: 'correct names an empty option',
  rowMarksInvalid: 'marks must be a whole number from 1 to 100',

  // ---- Screen words the design gives ----
  newPaper: 'New Paper',
  sriLankaTime: 'Sri Lanka time',
  start: 'Start',
  handIn: 'Hand in',
  goBack: 'Go back',
  flag: 'Flag',
  previous: 'Previous',
  next: 'Next',
  leave: 'Leave',
  saved: 'Saved',
  saving: 'Saving…',
  notSentTimeUp: 'Not sent: time was up',
  cannotKeepAnswers: 'This browser cannot keep your answers if the page closes: keep this tab open',
  lessThanAMinuteLeft: 'Less than a minute left',
  closed: 'Closed',
  resultsOut: 'Results out',
  resultsNotReleased: 'Closed: results not released',
  import: 'Import',
  releaseResults: 'Release results',
  regrade: 'Regrade',
  publishMeritList: 'Publish merit list',
  extraTime: 'Extra time',
  reopen: 'Reopen',
  fewStudents: 'few students',
  provisional: 'provisional',
  distractorBeatKey: 'Distractor beat the key',
  negativeDiscrimination: 'Negative discrimination',
} as const;

// ---- Sentences with a time in them ----
//
// They say the time in Sri Lanka (UTC+05:30 all year, no daylight saving since 2006) and in
// English, built by hand rather than by Intl, so the words are the same on every Node and ICU
// version and the web app can match them by pattern (i18n/server-text.ts). The refusal's extra
// field carries the instant, for the reader's own language.

const SRI_LANKA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The wall clock in Sri Lanka at an instant, read through the UTC getters of a shifted date. */
function sriLankaClock(instant: string | Date): Date {
  return new Date(new Date(instant).getTime() + SRI_LANKA_OFFSET_MS);
}

/** '8:52 PM' */
function timeOfDay(clock: Date): string {
  const hours = clock.getUTCHours();
  const minutes = String(clock.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '8:52 PM' in Sri Lanka. */
export function sriLankaTimeOfDay(instant: string | Date): string {
  return timeOfDay(sriLankaClock(instant));
}

/** 'Sat 12 Dec 8:00 PM' in Sri Lanka. */
export function sriLankaDayAndTime(instant: string | Date): string {
  const clock = sriLankaClock(instant);
  return `${WEEKDAYS[clock.getUTCDay()]} ${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${timeOfDay(clock)}`;
}

/** 409 at start before the paper opens: 'This paper is not open yet. It opens at Sat 12 Dec 8:00 PM.' */
export function paperOpensMessage(opensAt: string | Date): string {
  return `This paper is not open yet. It opens at ${sriLankaDayAndTime(opensAt)}.`;
}

/** 409 at start once the paper has closed: 'This paper closed at Sat 12 Dec 10:00 PM.' */
export function paperClosedMessage(closesAt: string | Date): string {
  return `This paper closed at ${sriLankaDayAndTime(closesAt)}.`;
}

/** 409 for a save the server does not hold, on a handed-in attempt: 'This paper was handed in at 8:52 PM.' */
export function handedInMessage(handedInAt: string | Date): string {
  return `This paper was handed in at ${sriLankaTimeOfDay(handedInAt)}.`;
}

/** 409 past the deadline and its grace: 'Time is up: answers that reached the server after 9:01 PM could not count.' */
export function timeUpMessage(acceptedUntil: string | Date): string {
  return `Time is up: answers that reached the server after ${sriLankaTimeOfDay(acceptedUntil)} could not count.`;
}

/** 1500 → '1,500': the import's reasons say limits as a reader writes them. */
function withThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An import row's cell over its limit: 'question is longer than 1,500 characters'. */
export function rowTooLongReason(column: string, maxCharacters: number): string {
  return `${column} is longer than ${withThousands(maxCharacters)} characters`;
}

/** An import row with a gap among its options: 'option4 is filled but option3 is empty'. */
export function rowOptionGapReason(filled: string, empty: string): string {
  return `${filled} is filled but ${empty} is empty`;
}

/** An import row with two equal options: 'option2 and option3 are the same'. */
export function rowOptionsSameReason(first: string, second: string): string {
  return `${first} and ${second} are the same`;
}

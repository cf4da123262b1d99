import type { AbsentStudent, ResultRow, ResultsAnswer } from '@academy/contract';
import { sortRows, type SortDirection, type SortValue } from '../../../lib/sort-rows';

export type ResultsData = ResultsAnswer['data'];

type AttemptFields = Omit<ResultRow, keyof AbsentStudent>;

/**
 * A line of the tutor's results: an attempt, or a student who may open the class and never started,
 * whose attempt fields are all null. One shape, so the table sorts and the CSV writes both alike.
 */
export type ResultEntry = AbsentStudent & { [K in keyof AttemptFields]: AttemptFields[K] | null } & { absent: boolean };

const NO_ATTEMPT: { [K in keyof AttemptFields]: null } = {
  marks: null,
  percentage: null,
  islandRank: null,
  districtRank: null,
  batchRank: null,
  timeTakenSeconds: null,
  startedAt: null,
  handedInAt: null,
  handedInBy: null,
  awayCount: null,
  awaySeconds: null,
  offlineCount: null,
  offlineSeconds: null,
  devices: null,
  lateSaves: null,
  reopened: null,
};

/** The columns the table sorts by. */
export type ResultColumn =
  | 'name'
  | 'regNo'
  | 'district'
  | 'school'
  | 'batch'
  | 'marks'
  | 'mcqMarks'
  | 'writtenMarks'
  | 'percentage'
  | 'islandRank'
  | 'districtRank'
  | 'batchRank'
  | 'timeTakenSeconds'
  | 'handedInAt'
  | 'awaySeconds'
  | 'offlineSeconds'
  | 'devices'
  | 'lateSaves'
  | 'extraMinutes';

export interface ResultEntries {
  sat: ResultEntry[];
  absent: ResultEntry[];
}

/** Attempts and absent students, each group sorted by the column (no value last, names breaking ties). */
export function resultEntries(data: ResultsData, column: ResultColumn, direction: SortDirection): ResultEntries {
  const sort = (entries: ResultEntry[]) => sortRows(entries, (entry): SortValue => entry[column], direction, (entry) => entry.name);
  return {
    sat: sort(data.rows.map((row) => ({ ...row, absent: false }))),
    absent: sort(data.absent.map((student) => ({ ...student, ...NO_ATTEMPT, absent: true }))),
  };
}

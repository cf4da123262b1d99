import { csvText } from '../../../lib/csv-file';
import { centsToRupeesText } from './money';

// The month page's CSV: the students of one class and month as the screen lists them, for a
// tutor who ticks names on paper at the class. Amounts are rupees with two decimals, made from the
// integer cents by string arithmetic (fees.md 'Money'), so a spreadsheet sums them exactly.

export interface ClassMonthStudentRow {
  name: string;
  regNo: string | null;
  batch: string | null;
  state: string;
  method?: string | null;
  receiptNo?: number | null;
  amountCents: number;
  remindedAt?: string | null;
}

/** The column titles and the words for a row's state and method, in the reader's language. */
export interface ClassMonthCsvWords {
  /** Name, reg no, batch, state, method, receipt, amount, reminded. */
  columns: readonly string[];
  state: (state: string) => string;
  method: (method: string) => string;
  receipt: (receiptNo: number) => string;
}

export function classMonthCsv(students: readonly ClassMonthStudentRow[], words: ClassMonthCsvWords): string {
  return csvText([
    words.columns,
    ...students.map((student) => [
      student.name,
      student.regNo ?? '',
      student.batch ?? '',
      words.state(student.state),
      student.method ? words.method(student.method) : '',
      student.receiptNo ? words.receipt(student.receiptNo) : '',
      centsToRupeesText(student.amountCents),
      student.remindedAt ?? '',
    ]),
  ]);
}

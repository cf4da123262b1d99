// POST papers/import: a CSV of questions read into what the editor holds, each bad row refused with
// a sentence per fault under the sheet's own row number; nothing stored. Whole files that cannot be
// read as a UTF-8 CSV of questions are refused with the sentence that says how to fix them.
import { describe, expect, it } from 'vitest';
import { PAPER_IMPORT_MAX_BYTES, PAPERS_TEXT, SERVER_TEXT, type ErrorAnswer, type PaperImportAnswer } from '@academy/contract';
import { multipartForm } from '../../../test/multipart-form';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, type Headers } from '../class-material/test-helpers';

const BOM = '\uFEFF';

describe('POST papers/import', () => {
  const t = useTestApp();

  const send = (headers: Headers, bytes: Buffer, filename = 'questions.csv', type = 'text/csv', field = 'file') => {
    const form = multipartForm(field, filename, type, bytes);
    return t.app.inject({ method: 'POST', url: '/api/papers/import', headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  const csv = (lines: string[]) => Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');

  it('imports a Sinhala CSV, refusing each bad row with its reasons and its sheet row number', async () => {
    const admin = await adminHeaders(t.app);
    const papersBefore = await t.database.db.selectFrom('papers').select('id').execute();
    const long = 'ක'.repeat(1501);
    const response = await send(
      admin,
      csv([
        // Any order and letter case; other columns ignored.
        'Correct,QUESTION,Option1,option2,option3,option4,Marks,explanation,notes',
        '2,ශ්‍රී ලංකාවේ දිගම ගඟ කුමක්ද?,කැලණි,මහවැලි,කළු,,2,"මහවැලි ගඟ, කි.මී. 335",ignored',
        '', // a blank row still counts as a row of the sheet
        'b,"Which, with a comma?","line one\nline two",\'=SUM(A1),,,,,',
        '1,,a,b,,,,,',
        '1,Gap,a,b,,d,,,',
        '7,Out of range,a,b,,,,,',
        'C,Names an empty option,a,b,,,,,',
        '1,Bad marks,a,b,,,0,,',
        '1,Same options,Kandy, kandy ,,,,,',
        `1,${long},a,b,,,,,`,
        '1,One option,a,,,,,,',
        'Z,,a,a,,,x,,', // every fault of a row is named
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PaperImportAnswer>().data).toEqual({
      questions: [
        { row: 2, text: 'ශ්‍රී ලංකාවේ දිගම ගඟ කුමක්ද?', options: ['කැලණි', 'මහවැලි', 'කළු'], correct: 1, marks: 2, explanation: 'මහවැලි ගඟ, කි.මී. 335' },
        { row: 4, text: 'Which, with a comma?', options: ['line one\nline two', '=SUM(A1)'], correct: 1, marks: 1, explanation: '' },
      ],
      refused: [
        { row: 5, reasons: ['question is empty'] },
        { row: 6, reasons: ['option4 is filled but option3 is empty'] },
        { row: 7, reasons: ['correct must be 1 to 6 or A to F'] },
        { row: 8, reasons: ['correct names an empty option'] },
        { row: 9, reasons: ['marks must be a whole number from 1 to 100'] },
        { row: 10, reasons: ['option1 and option2 are the same'] },
        { row: 11, reasons: ['question is longer than 1,500 characters'] },
        { row: 12, reasons: ['needs at least two options'] },
        {
          row: 13,
          reasons: ['question is empty', 'option1 and option2 are the same', 'correct must be 1 to 6 or A to F', 'marks must be a whole number from 1 to 100'],
        },
      ],
    });
    // Nothing is stored: the tutor adds the rows in the editor.
    expect(await t.database.db.selectFrom('papers').select('id').execute()).toEqual(papersBefore);
  });

  it('refuses a file that is not UTF-8, one without the required columns, one over 150 rows, one with no question rows', async () => {
    const admin = await adminHeaders(t.app);
    const header = 'question,option1,option2,correct';
    const cases: [Buffer, string][] = [
      // 'ශ' in UTF-16, as Excel's 'Unicode text' saves it.
      [Buffer.from(`\uFEFF${header}\nශ,a,b,1\n`, 'utf16le'), PAPERS_TEXT.importNotUtf8],
      // Latin-1 bytes of a legacy export.
      [Buffer.concat([Buffer.from(`${header}\nCaf`), Buffer.from([0xe9]), Buffer.from(',a,b,1\n')]), PAPERS_TEXT.importNotUtf8],
      [csv(['question,option1,correct', 'Q,a,1']), `${PAPERS_TEXT.importMissingColumns}: option2`],
      [csv(['title,answer', 'Q,a']), `${PAPERS_TEXT.importMissingColumns}: question, option1, option2, correct`],
      [csv([header, ...Array.from({ length: 151 }, (_, n) => `Question ${n},a,b,1`)]), PAPERS_TEXT.importTooManyRows],
      [csv([header, '', ',,,']), PAPERS_TEXT.importEmpty],
      [csv([header, '"never closed,a,b,1']), `${SERVER_TEXT.importBroken}: a quoted cell is never closed`],
    ];
    for (const [bytes, message] of cases) {
      const response = await send(admin, bytes);
      expect(response.statusCode, message).toBe(400);
      expect(response.json<ErrorAnswer>().message).toBe(message);
    }
    // 150 rows is the limit, not over it.
    const full = await send(admin, csv([header, ...Array.from({ length: 150 }, (_, n) => `Question ${n},a,b,1`)]));
    expect(full.json<PaperImportAnswer>().data.questions).toHaveLength(150);
  });

  it('refuses an XLSX (415), a missing file (400) and a file over 2 MB (413)', async () => {
    const admin = await adminHeaders(t.app);
    // The start of a zip archive, which an XLSX is.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]), Buffer.from('[Content_Types].xml'), Buffer.alloc(200)]);
    const xlsx = await send(admin, zip, 'questions.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.statusCode).toBe(415);
    expect(xlsx.json<ErrorAnswer>().message).toBe(PAPERS_TEXT.importWrongType);

    const missing = await send(admin, csv(['question,option1,option2,correct', 'Q,a,b,1']), 'questions.csv', 'text/csv', 'sheet');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorAnswer>().message).toBe(PAPERS_TEXT.importFileRequired);

    const large = await send(admin, Buffer.alloc(PAPER_IMPORT_MAX_BYTES + 1, 'a'));
    expect(large.statusCode).toBe(413);
    expect(large.json<ErrorAnswer>().message).toBe(SERVER_TEXT.importTooLarge);
  });
});

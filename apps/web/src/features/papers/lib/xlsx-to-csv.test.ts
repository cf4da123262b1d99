// @vitest-environment jsdom
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { XLSX_MAX_BYTES, XLSX_MAX_UNPACKED_BYTES, xlsxToCsv, XlsxError, type XlsxProblem } from './xlsx-to-csv';

// XLSX files made here with fflate, as Excel lays them out: the reader needs the browser's
// DOMParser, so this file runs in jsdom while the other web unit tests run in Node.

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

function workbook(sheetXml: string, sharedStrings?: string[]): Uint8Array {
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Questions" sheetId="1" r:id="rId3"/><sheet name="Notes" sheetId="2" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId3" Type="${RELATIONSHIPS}/worksheet" Target="/xl/worksheets/sheet2.xml"/>` +
        (sharedStrings ? `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
        '</Relationships>',
    ),
    // The second sheet in the archive is the first in the workbook: that is the one read.
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>not this sheet</t></is></c></row></sheetData></worksheet>`),
    'xl/worksheets/sheet2.xml': strToU8(sheetXml),
  };
  if (sharedStrings) {
    files['xl/sharedStrings.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${sharedStrings.length}">${sharedStrings.join('')}</sst>`);
  }
  return zipSync(files, { level: 6 });
}

function problemOf(run: () => unknown): XlsxProblem | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof XlsxError ? error.problem : null;
  }
}

const QUESTION = 'ශ්‍රී ලංකාවේ පළමු අගනුවර කුමක්ද?';

describe('an XLSX sheet as CSV', () => {
  it('reads shared and inline Sinhala strings, numbers, booleans and cached formula values, keeping the sheet row numbers', () => {
    const shared = [
      '<si><t>question</t></si>',
      '<si><t>option1</t></si>',
      '<si><t>option2</t></si>',
      '<si><t>correct</t></si>',
      '<si><t>marks</t></si>',
      `<si><t>${QUESTION}</t></si>`,
      // Rich text in runs, with a phonetic guide that is not part of the text.
      '<si><r><rPr><b/></rPr><t>අනු</t></r><r><t xml:space="preserve">රාධපුරය</t></r><rPh sb="0" eb="1"><t>x</t></rPh></si>',
    ];
    const sheet =
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>` +
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c></row>' +
      '<row r="2"><c r="A2" t="s"><v>5</v></c><c r="B2" t="inlineStr"><is><t>කොළඹ</t></is></c><c r="C2" t="s"><v>6</v></c><c r="D2"><v>2</v></c></row>' +
      // Row 3 is missing (an empty row in Excel), row 4 has an empty cell in the middle.
      '<row r="4"><c r="A4" t="inlineStr"><is><t>He said "yes", then\nleft</t></is></c><c r="C4" t="str"><f>B2&amp;"!"</f><v>කොළඹ!</v></c><c r="D4" t="b"><v>1</v></c><c r="E4"><f>1+2</f><v>3</v></c></row>' +
      '<row r="5"><c r="A5" s="1"/></row>' +
      '</sheetData></worksheet>';
    expect(xlsxToCsv(workbook(sheet, shared))).toBe(
      ['question,option1,option2,correct,marks', `${QUESTION},කොළඹ,අනුරාධපුරය,2`, '', '"He said ""yes"", then\nleft",,කොළඹ!,TRUE,3', ''].join('\r\n'),
    );
  });

  it('numbers rows and columns itself where the sheet leaves their references out, and reads prefixed parts', () => {
    const sheet =
      `<x:worksheet xmlns:x="${MAIN}"><x:sheetData>` +
      '<x:row><x:c t="inlineStr"><x:is><x:t>question</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>option1</x:t></x:is></x:c></x:row>' +
      '<x:row r="3"><x:c r="B3"><x:v>7</x:v></x:c><x:c><x:v>8</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    expect(xlsxToCsv(workbook(sheet))).toBe('question,option1\r\n\r\n,7,8\r\n');
  });

  it('refuses a file over 2 MB, an archive whose parts unpack past the limit, and what is not a workbook', () => {
    expect(problemOf(() => xlsxToCsv(new Uint8Array(XLSX_MAX_BYTES + 1)))).toBe('too-large');

    // Highly compressible: a few tens of kilobytes packed, over 20 MB unpacked.
    const huge = `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c t="inlineStr"><is><t>${'ශ'.repeat(XLSX_MAX_UNPACKED_BYTES / 3 + 1)}</t></is></c></row></sheetData></worksheet>`;
    const bomb = workbook(huge);
    expect(bomb.length).toBeLessThan(XLSX_MAX_BYTES);
    expect(problemOf(() => xlsxToCsv(bomb))).toBe('too-large-unpacked');

    expect(problemOf(() => xlsxToCsv(strToU8('question,option1\r\n')))).toBe('not-xlsx');
    expect(problemOf(() => xlsxToCsv(zipSync({ 'word/document.xml': strToU8('<document/>') })))).toBe('not-xlsx');
    expect(problemOf(() => xlsxToCsv(workbook('<worksheet><sheetData><row></worksheet>')))).toBe('unreadable');
    // Packing the 20 MB part is seconds of fflate's CPU (the reader refuses it at once): a time
    // limit sized for a quiet machine failed it on a loaded one, so this one only stops a hang.
  }, 60_000);
});

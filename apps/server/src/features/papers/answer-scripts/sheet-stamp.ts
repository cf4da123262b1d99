// The question sheet as one student gets it (answer-scripts.md 'The question sheet'): every page
// carries their name and regNo in a faint diagonal band and a line at its foot. The stamp is drawn
// as a picture (sharp from SVG), not as PDF text, so a Sinhala name shows whatever fonts the PDF
// carries, and it cannot be selected away as one text object. Made for each request.
// pdf-lib and sharp are loaded with the first sheet, not at the server's start.
import { loadPdfLib } from '../../../lib/pdf-lib';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A transparent PNG of the stamp's words, wide and short, drawn at a size that prints crisply. */
async function stampPicture(words: string, opacity: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const width = 1600;
  const height = 120;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="Noto Sans Sinhala, Noto Sans, sans-serif" ` +
    `font-size="64" font-weight="bold" fill="rgb(140,20,40)" fill-opacity="${opacity}">${escapeXml(words)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A copy of `sheet` with the student's stamp on every page. */
export async function stampSheet(sheet: Buffer, student: { name: string; regNo: string }): Promise<Buffer> {
  const { degrees, PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.load(sheet);
  const words = student.regNo ? `${student.name} · ${student.regNo}` : student.name;
  const [band, foot] = await Promise.all([stampPicture(words, 0.16), stampPicture(words, 0.7)]);
  const bandImage = await pdf.embedPng(band);
  const footImage = await pdf.embedPng(foot);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    // The band across the page's diagonal, centred.
    const diagonal = Math.hypot(width, height);
    const bandWidth = diagonal * 0.8;
    const bandHeight = (bandWidth * 120) / 1600;
    const angle = Math.atan2(height, width);
    const centreX = width / 2 - (Math.cos(angle) * bandWidth) / 2 + (Math.sin(angle) * bandHeight) / 2;
    const centreY = height / 2 - (Math.sin(angle) * bandWidth) / 2 - (Math.cos(angle) * bandHeight) / 2;
    page.drawImage(bandImage, { x: centreX, y: centreY, width: bandWidth, height: bandHeight, rotate: degrees((angle * 180) / Math.PI) });
    const footWidth = Math.min(width * 0.6, 360);
    page.drawImage(footImage, { x: (width - footWidth) / 2, y: 6, width: footWidth, height: (footWidth * 120) / 1600 });
  }
  // The sheet's own title and author are the tutor's; the student's copy says nothing else of where it came from.
  pdf.setProducer('Academy');
  pdf.setCreator('Academy');
  return Buffer.from(await pdf.save());
}

/** The pages of a PDF, or null when pdf-lib cannot read it (broken, or encrypted). */
export async function pdfPageCount(bytes: Buffer): Promise<number | null> {
  const { PDFDocument } = await loadPdfLib();
  try {
    const pdf = await PDFDocument.load(bytes);
    return pdf.getPageCount();
  } catch {
    return null;
  }
}

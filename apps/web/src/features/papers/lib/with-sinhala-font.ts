import { sinhalaFonts } from '../../../i18n/setup';

/**
 * A papers screen's loader that also waits (a little) for the Sinhala web font. Papers are mostly
 * written in Sinhala whatever language the reader chose, and the English portal fetches the font
 * only when Sinhala first shows; Chromium then left some of the text drawn before the font came
 * (an option of a question, the editor's title field) as empty boxes until the next layout. With
 * the font there before the screen draws, nothing is drawn without it (the import preview waits
 * for it for the same reason).
 */
export function withSinhalaFont<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), sinhalaFonts()]).then(([screen]) => screen);
}

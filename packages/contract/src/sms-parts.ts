// How many SMS parts a text costs. A text made only of the GSM-7 alphabet (3GPP TS 23.038) travels
// in 7-bit units: 160 in one part, 153 a part once it is split (the rest carries the joining
// header). Any other character (Sinhala, an emoji) turns the whole text into UCS-2: 70 UTF-16 units
// in one part, 67 a part. The server counts with this before it spends the academy's SMS budget,
// and the template tests prove every notification text stays within its parts.

export const SMS_LIMITS = {
  /** The most characters a provider takes in one message (Notify.lk's documented maximum). */
  maxCharacters: 621,
  gsm7: { single: 160, perPart: 153 },
  ucs2: { single: 70, perPart: 67 },
} as const;

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsParts {
  encoding: SmsEncoding;
  /** GSM-7 septets (an extension character counts 2) or UTF-16 units. */
  characters: number;
  parts: number;
}

/** The GSM-7 default alphabet, less the escape code that leads into the extension table. */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Characters reached through the escape code: each takes two septets. */
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/** Septets of one character in GSM-7, or null when GSM-7 cannot carry it. */
function gsm7Width(character: string): number | null {
  if (GSM7_BASIC.has(character)) return 1;
  if (GSM7_EXTENSION.has(character)) return 2;
  return null;
}

/**
 * Parts needed for units that may not be cut in two: an escape pair in GSM-7, a surrogate pair in
 * UCS-2. A unit that does not fit in what is left of a part starts the next one, as phones and
 * gateways split.
 */
function countParts(widths: number[], limits: { single: number; perPart: number }): number {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total === 0) return 0;
  if (total <= limits.single) return 1;
  let parts = 1;
  let used = 0;
  for (const width of widths) {
    if (used + width > limits.perPart) {
      parts += 1;
      used = 0;
    }
    used += width;
  }
  return parts;
}

export function smsParts(text: string): SmsParts {
  const characters = Array.from(text);
  const gsm7Widths = characters.map(gsm7Width);
  const isGsm7 = gsm7Widths.every((width) => width !== null);
  const encoding: SmsEncoding = isGsm7 ? 'gsm7' : 'ucs2';
  const widths = isGsm7 ? (gsm7Widths as number[]) : characters.map((character) => character.length);
  return {
    encoding,
    characters: widths.reduce((sum, width) => sum + width, 0),
    parts: countParts(widths, SMS_LIMITS[encoding]),
  };
}

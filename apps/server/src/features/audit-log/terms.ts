// The audit log's search words. An entry is found by the words of its target (a student's name,
// e-mail and regNo, a class, folder or file name) and the target's id; each word the admin types
// must start one of them. Words are split on spaces only, so an e-mail or an id stays one word
// (and 'kasun' still finds 'kasun.perera@example.lk').

/** Longer words are cut: a built-in store id can run to hundreds of characters. */
const MAX_TERM_LENGTH = 200;
/** Words past this many in a search box are ignored; each is one more index lookup. */
const MAX_SEARCH_WORDS = 5;

/**
 * Letters, their marks (Sinhala and Tamil vowel signs are marks) and digits in any script; what
 * lies outside them at a word's ends is dropped.
 */
const EDGE_PUNCTUATION = /^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(EDGE_PUNCTUATION, '').slice(0, MAX_TERM_LENGTH))
    .filter((word) => word.length > 0);
}

/** The distinct terms stored for a target. */
export function termsOf(texts: string[]): string[] {
  return [...new Set(texts.flatMap(words))];
}

/** A typed word of one character would find nearly every target; it is left out of the search. */
const MIN_SEARCH_WORD_LENGTH = 2;

/**
 * The stored terms starting with a typed word lie in [word, next): `next` is the word with its last
 * character moved one code point on. Terms are compared as the database compares text, which is by
 * code point on SQLite and on a PostgreSQL with the C (or C.UTF-8) collation; other collations
 * order letters the same way within one script.
 */
export function searchRanges(search: string): [string, string][] {
  return termsOf([search])
    .filter((word) => [...word].length >= MIN_SEARCH_WORD_LENGTH)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => {
      const chars = [...word];
      const last = chars.pop() ?? '';
      return [word, chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1)];
    });
}

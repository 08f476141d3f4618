/**
 * Text processing shared by the index (build time) and the query (in the worker), so both sides
 * always agree on what a term is: lowercase, `ё` -> `е`, Latin diacritics folded, stop words
 * dropped, words stemmed by script (Cyrillic with the Russian stemmer, Latin with the English one,
 * whatever the page locale: Russian pages are full of English identifiers), and identifiers
 * (`transaction_create`, `payinHpp`, `3-d`) indexed whole and also split into their parts.
 *
 * Browser-safe: no Node imports. The stemmers are the Snowball ports of `@orama/stemmers`
 * (about 2 KB gzip each).
 */
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemRussian } from '@orama/stemmers/russian';

/** One token of the source text, as found, with the terms it is indexed under. */
export interface Token {
  /** The characters in the source text (original case). */
  raw: string;
  /** Offset of `raw` in the text. */
  start: number;
  /** Normalized, unstemmed form (`transaction_create`, `выплатой`). */
  word: string;
  /** What is indexed: the whole identifier, then each part, stemmed. Empty for stop words. */
  terms: string[];
}

/**
 * A word: letters and digits, possibly joined by `_ . - '` (identifiers, `3-d`, `d'Ivoire`).
 * A joiner must sit between two word characters, so a sentence's final dot is not part of a word.
 */
const WORD = /[\p{L}\p{N}]+(?:[_.\-'’][\p{L}\p{N}]+)*/gu;
const JOINERS = /[_.\-'’]+/;
/** camelCase and PascalCase boundaries: `payinHpp` -> `payin Hpp`, `HTTPServer` -> `HTTP Server`. */
const CAMEL = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN_WORD = /^[a-z]+$/;

/** Common words that carry no meaning in a query; kept short on purpose (see the unit tests). */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // English
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'has', 'have', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its',
  'of', 'on', 'or', 'our', 'so', 'than', 'that', 'the', 'their', 'then', 'there', 'these', 'this', 'to', 'was', 'we', 'were',
  'what', 'when', 'where', 'which', 'while', 'who', 'will', 'with', 'you', 'your', 'can', 'do', 'does', 'not', 'no', 'only',
  // Russian (after ё -> е)
  'а', 'без', 'бы', 'в', 'во', 'вот', 'все', 'всего', 'вы', 'где', 'да', 'для', 'до', 'его', 'ее', 'если', 'есть', 'еще', 'же',
  'за', 'и', 'из', 'или', 'им', 'их', 'к', 'как', 'когда', 'ко', 'кто', 'ли', 'либо', 'мы', 'на', 'над', 'не', 'него', 'нет',
  'ни', 'но', 'о', 'об', 'от', 'по', 'под', 'при', 'с', 'со', 'так', 'также', 'то', 'тоже', 'только', 'у', 'уже', 'чем',
  'что', 'чтобы', 'это', 'этот', 'эта', 'эти', 'этого', 'этой', 'вам', 'вас', 'ваш', 'ваша', 'ваше', 'ваши', 'вашего', 'вашей',
  'она', 'они', 'оно', 'он', 'был', 'была', 'были', 'быть', 'будет',
]);

/** Lowercase, `ё` -> `е`, Latin diacritics dropped (`Côte` -> `cote`); Cyrillic `й` is kept as it is. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .normalize('NFD')
    .replace(/(?<=[a-z])[\u0300-\u036f]+/g, '')
    .normalize('NFC');
}

/** The stem of one normalized word: Russian stemmer for Cyrillic, English for Latin, other words as they are. */
export function stem(word: string): string {
  if (word.length < 3) return word;
  let hit = stems.get(word);
  if (hit === undefined) {
    hit = LATIN_WORD.test(word) ? stemEnglish(word) : CYRILLIC.test(word) && !/[a-z0-9]/.test(word) ? stemRussian(word) : word;
    if (stems.size > 50_000) stems.clear();
    stems.set(word, hit);
  }
  return hit;
}

/** Stemming is the slow part of indexing; a corpus has a few thousand distinct words. */
const stems = new Map<string, string>();

/** Terms of one word-token (original case): `transaction_create` -> [`transaction_create`, `transact`, `creat`]. */
export function termsOf(raw: string): string[] {
  const parts = raw
    .split(JOINERS)
    .flatMap((p) => p.split(CAMEL))
    .map(normalize)
    .filter(Boolean);
  if (parts.length <= 1) {
    const w = normalize(raw.replace(/['’]/g, ''));
    return STOP_WORDS.has(w) ? [] : [stem(w)];
  }
  const whole = normalize(raw.replace(/['’]/g, ''));
  const out = [whole];
  for (const p of parts) if (!STOP_WORDS.has(p) && p.length > 1) out.push(stem(p));
  return [...new Set(out)];
}

/**
 * The normalized word and terms of one word-token, remembered: a corpus repeats a few thousand
 * distinct words, and normalizing and splitting each occurrence was most of the indexing time.
 * Callers share the returned arrays and never change them.
 */
function analyze(raw: string): Pick<Token, 'word' | 'terms'> {
  let hit = analyzed.get(raw);
  if (hit === undefined) {
    hit = { word: normalize(raw.replace(/['’]/g, '')), terms: termsOf(raw) };
    if (analyzed.size > 100_000) analyzed.clear();
    analyzed.set(raw, hit);
  }
  return hit;
}
const analyzed = new Map<string, Pick<Token, 'word' | 'terms'>>();

/** Every word of a text with its position and index terms. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const { word, terms } = analyze(raw);
    out.push({ raw, start: m.index, word, terms });
  }
  return out;
}

/** The index terms of a text, in order, duplicates kept (term frequency matters). */
export function indexTerms(text: string): string[] {
  return tokenize(text).flatMap((t) => t.terms);
}

/** One word of a query: what was typed (normalized, unstemmed, for fuzzy matching) and the terms to look up. */
export interface QueryWord {
  word: string;
  terms: string[];
}

/** The words of a query; stop words drop out unless the whole query is stop words. */
export function queryWords(query: string): QueryWord[] {
  const all = tokenize(query).map((t) => ({ word: t.word, terms: t.terms }));
  const kept = all.filter((w) => w.terms.length > 0);
  return kept.length > 0 ? kept : all.map((w) => ({ word: w.word, terms: [w.word] }));
}

// --- Wrong keyboard layout ---------------------------------------------------------------------

/** The standard US QWERTY and Russian ЙЦУКЕН layouts, key by key. */
const LATIN_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,./" + '~QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>?';
const CYRILLIC_KEYS = 'ёйцукенгшщзхъфывапролджэячсмитьбю.' + 'ЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,';
const toCyrillic = new Map([...LATIN_KEYS].map((c, i) => [c, CYRILLIC_KEYS[i]!]));
const toLatin = new Map([...CYRILLIC_KEYS].map((c, i) => [c, LATIN_KEYS[i]!]));

/**
 * The query as if typed with the other keyboard layout (`nhfypfrwbz` -> `транзакция`, `ыукмшсу` ->
 * `service`), or undefined when it has no letters to switch. The direction follows the script of
 * the query's letters.
 */
export function switchLayout(query: string): string | undefined {
  const cyr = (query.match(/\p{Script=Cyrillic}/gu) ?? []).length;
  const lat = (query.match(/[A-Za-z]/g) ?? []).length;
  if (cyr === 0 && lat === 0) return undefined;
  const map = lat >= cyr ? toCyrillic : toLatin;
  // Only the letters of the other script are switched, so `;` and `,` inside a Latin query become
  // `ж` and `б`, while digits and spaces stay.
  const switched = [...query].map((c) => (lat >= cyr ? /[A-Za-z`~[\]{};:'",.<>]/.test(c) : /[\p{Script=Cyrillic}.,]/u.test(c)) ? (map.get(c) ?? c) : c).join('');
  return switched === query ? undefined : switched;
}

// --- Highlighting --------------------------------------------------------------------------------

/** A run of text, marked when it is a matched word. */
export interface Segment {
  text: string;
  hit?: boolean;
}

/** Splits `text` into runs, marking whole words any of whose index terms is in `terms`. */
export function markWords(text: string, terms: ReadonlySet<string>): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const t of tokenize(text)) {
    if (!isMatch(t, terms)) continue;
    if (t.start > at) out.push({ text: text.slice(at, t.start) });
    out.push({ text: t.raw, hit: true });
    at = t.start + t.raw.length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

function isMatch(token: Token, terms: ReadonlySet<string>): boolean {
  return token.terms.some((t) => terms.has(t)) || terms.has(token.word);
}

/**
 * About `length` characters of `text` around the first matched word, cut at word boundaries
 * (Cyrillic too: words are found with Unicode classes, never with `\b`), with `…` where text was
 * left out. Without a match, the start of the text.
 */
export function excerpt(text: string, terms: ReadonlySet<string>, length: number): Segment[] {
  const tokens = tokenize(text);
  if (tokens.length === 0) return [];
  const first = tokens.findIndex((t) => isMatch(t, terms));
  const center = first < 0 ? 0 : first;
  // Grow a window of whole words around the match until it holds about `length` characters,
  // preferring the words after the match (they usually say what the match is about).
  let lo = center;
  let hi = center;
  const width = () => tokens[hi]!.start + tokens[hi]!.raw.length - tokens[lo]!.start;
  while (true) {
    const canRight = hi + 1 < tokens.length && tokens[hi + 1]!.start + tokens[hi + 1]!.raw.length - tokens[lo]!.start <= length;
    const canLeft = lo > 0 && tokens[hi]!.start + tokens[hi]!.raw.length - tokens[lo - 1]!.start <= length;
    if (!canRight && !canLeft) break;
    if (canLeft && (!canRight || center - lo < (hi - center) / 2)) lo--;
    else hi++;
    if (width() >= length) break;
  }
  const from = tokens[lo]!.start;
  let to = tokens[hi]!.start + tokens[hi]!.raw.length;
  // Keep the punctuation that closes the last word (a bracket, a quote, the sentence's dot).
  to += /^[.,;:!?)\]»”"']*/.exec(text.slice(to))![0].length;
  const segments = markWords(text.slice(from, to), terms);
  if (from > 0) segments.unshift({ text: '… ' });
  if (to < text.length) segments.push({ text: ' …' });
  return segments;
}

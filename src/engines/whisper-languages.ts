/**
 * Whisper names the language it detected ("english"), OpenAI's verbose_json passes that name
 * on, and other servers give the ISO code instead ("en"); transcripts carry the code. The
 * names and aliases are Whisper's own (its tokenizer's LANGUAGES and TO_LANGUAGE_CODE).
 */
const CODES_BY_NAME: Record<string, string> = {
  english: 'en', chinese: 'zh', german: 'de', spanish: 'es', russian: 'ru', korean: 'ko', french: 'fr',
  japanese: 'ja', portuguese: 'pt', turkish: 'tr', polish: 'pl', catalan: 'ca', dutch: 'nl', arabic: 'ar',
  swedish: 'sv', italian: 'it', indonesian: 'id', hindi: 'hi', finnish: 'fi', vietnamese: 'vi', hebrew: 'he',
  ukrainian: 'uk', greek: 'el', malay: 'ms', czech: 'cs', romanian: 'ro', danish: 'da', hungarian: 'hu',
  tamil: 'ta', norwegian: 'no', thai: 'th', urdu: 'ur', croatian: 'hr', bulgarian: 'bg', lithuanian: 'lt',
  latin: 'la', maori: 'mi', malayalam: 'ml', welsh: 'cy', slovak: 'sk', telugu: 'te', persian: 'fa',
  latvian: 'lv', bengali: 'bn', serbian: 'sr', azerbaijani: 'az', slovenian: 'sl', kannada: 'kn',
  estonian: 'et', macedonian: 'mk', breton: 'br', basque: 'eu', icelandic: 'is', armenian: 'hy', nepali: 'ne',
  mongolian: 'mn', bosnian: 'bs', kazakh: 'kk', albanian: 'sq', swahili: 'sw', galician: 'gl', marathi: 'mr',
  punjabi: 'pa', sinhala: 'si', khmer: 'km', shona: 'sn', yoruba: 'yo', somali: 'so', afrikaans: 'af',
  occitan: 'oc', georgian: 'ka', belarusian: 'be', tajik: 'tg', sindhi: 'sd', gujarati: 'gu', amharic: 'am',
  yiddish: 'yi', lao: 'lo', uzbek: 'uz', faroese: 'fo', 'haitian creole': 'ht', pashto: 'ps', turkmen: 'tk',
  nynorsk: 'nn', maltese: 'mt', sanskrit: 'sa', luxembourgish: 'lb', myanmar: 'my', tibetan: 'bo',
  tagalog: 'tl', malagasy: 'mg', assamese: 'as', tatar: 'tt', hawaiian: 'haw', lingala: 'ln', hausa: 'ha',
  bashkir: 'ba', javanese: 'jw', sundanese: 'su', cantonese: 'yue',
  burmese: 'my', valencian: 'ca', flemish: 'nl', haitian: 'ht', letzeburgesch: 'lb', pushto: 'ps',
  panjabi: 'pa', moldavian: 'ro', moldovan: 'ro', sinhalese: 'si', castilian: 'es', mandarin: 'zh',
};

const KNOWN_CODES = new Set(Object.values(CODES_BY_NAME));

/** The ISO code for a Whisper language name or code; undefined for anything else, so no guess is ever stored. */
export function languageCodeOf(language: string | undefined): string | undefined {
  const key = language?.trim().toLowerCase();
  if (!key) return undefined;
  if (Object.hasOwn(CODES_BY_NAME, key)) return CODES_BY_NAME[key];
  return KNOWN_CODES.has(key) ? key : undefined;
}

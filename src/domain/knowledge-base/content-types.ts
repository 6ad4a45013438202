/** The rewrite templates a document can ask for; `auto` lets the service choose. */
export const CONTENT_TYPES = ['auto', 'article', 'video', 'book'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Legacy clients send the video platform's name for the video template. */
export const CONTENT_TYPE_ALIASES: Readonly<Record<string, ContentType>> = { youtube: 'video' };

export function normalizeContentType(value: string): ContentType | null {
  const lower = value.trim().toLowerCase();
  if ((CONTENT_TYPES as readonly string[]).includes(lower)) return lower as ContentType;
  return CONTENT_TYPE_ALIASES[lower] ?? null;
}

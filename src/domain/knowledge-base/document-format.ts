/** What a document file is, as the digitize engines detect it. */
export const DOCUMENT_FORMATS = ['pdf', 'docx', 'html', 'text', 'markdown', 'audio', 'video'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** Formats read as text; audio and video are transcribed by the speech-to-text engine. */
export type TextFormat = Exclude<DocumentFormat, 'audio' | 'video'>;

/** What a document file is, as the digitize engines detect it. */
export type DocumentFormat = 'pdf' | 'docx' | 'html' | 'text' | 'markdown' | 'audio' | 'video';
/** Formats read as text; audio and video are transcribed by the speech-to-text engine. */
export type TextFormat = Exclude<DocumentFormat, 'audio' | 'video'>;

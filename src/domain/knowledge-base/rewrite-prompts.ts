import type { ChatMessage } from '../shared/chat-message';
import type { ContentType } from './content-types';
import { isVideoPlatformUrl, type DocumentRecord } from './knowledge-base.types';

export type RewriteTemplate = Exclude<ContentType, 'auto'>;

/** `auto`: spoken sources read as talks, PDFs as books, everything else as articles. */
export function resolveTemplate(contentType: ContentType, document: Pick<DocumentRecord, 'url' | 'original'>): RewriteTemplate {
  if (contentType !== 'auto') return contentType;
  const format = document.original?.format;
  if (isVideoPlatformUrl(document.url) || format === 'audio' || format === 'video') return 'video';
  if (format === 'pdf') return 'book';
  return 'article';
}

const SOURCES: Record<RewriteTemplate, { source: string; guidance: string }> = {
  article: {
    source: 'a web article or written document',
    guidance: 'Drop navigation text, advertising, cookie notices and other page debris. Keep the argument, facts, figures, names and examples.',
  },
  video: {
    source: 'the transcript of a spoken video or audio recording',
    guidance:
      "Remove filler words, false starts, repetitions and remarks about the recording itself. Turn spoken language into clear written prose while keeping the speaker's own views, stories, examples and way of reasoning.",
  },
  book: {
    source: 'the text of a book or long PDF document',
    guidance:
      'Ignore running headers, page numbers, tables of contents and indexes. Keep the chapter structure as headings and preserve every idea, definition and example.',
  },
};

function author(personName: string | null): string {
  return personName
    ? `The author or speaker is ${personName}; attribute views to them by name where the source does.`
    : 'The author or speaker is not named; do not invent one.';
}

/** Step one: turn the digitized source into a structured draft. */
export function draftMessages(template: RewriteTemplate, personName: string | null, text: string): ChatMessage[] {
  const { source, guidance } = SOURCES[template];
  return [
    {
      role: 'system',
      content: [
        `You rewrite ${source} into a clean knowledge base entry in Markdown.`,
        author(personName),
        guidance,
        'Organise the content under descriptive Markdown headings (#, ##, ###) so it can be split by heading later.',
        'Write in the language of the source. Do not add facts that are not in the source. Answer with the rewritten text only.',
      ].join('\n'),
    },
    { role: 'user', content: text },
  ];
}

/** Step two: edit the draft into the final text. */
export function finalMessages(template: RewriteTemplate, personName: string | null, draft: string): ChatMessage[] {
  const { source } = SOURCES[template];
  return [
    {
      role: 'system',
      content: [
        `You are the final editor of a knowledge base entry drafted from ${source}.`,
        author(personName),
        'Correct errors, remove repetition, make every section self-contained and keep the Markdown heading structure.',
        'Do not shorten the content beyond removing repetition and do not add facts. Answer with the final text only.',
      ].join('\n'),
    },
    { role: 'user', content: draft },
  ];
}

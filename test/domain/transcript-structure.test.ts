import { describe, expect, it } from 'vitest';
import { BadRequest } from '../../src/domain/errors';
import { transcriptCaptions, transcriptParagraphs, transcriptSentences } from '../../src/domain/transcription/transcript-structure';
import type { TimedText, TranscriptRecord, TranscriptWord } from '../../src/domain/transcription/transcript.types';
import { DEFAULT_TRANSCRIPT_OPTIONS } from '../../src/domain/transcription/transcript.types';

function transcript(text: string, words?: TranscriptWord[], segments?: TimedText[], status: TranscriptRecord['status'] = 'completed'): TranscriptRecord {
  return {
    id: '5b0f3c9e-2f55-4a8e-9f3e-2b1c7c1d9a10',
    keyId: 'key',
    status,
    source: { kind: 'url', url: 'https://example.com/a.mp3' },
    options: DEFAULT_TRANSCRIPT_OPTIONS,
    text,
    audioDuration: 10,
    ...(words ? { words } : {}),
    ...(segments ? { segments } : {}),
    error: null,
    progress: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    partners: [],
    webhook: null,
    version: 1,
  };
}

/** Words at 400 ms each, one after the other from `startMs`, as OpenAI gives them: bare. */
function bareWords(text: string, startMs = 0, gapAfter: Record<number, number> = {}): TranscriptWord[] {
  let at = startMs;
  return text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
    .map((word, index) => {
      const timed = { text: word, start: at, end: at + 400, confidence: 0.9 };
      at += 400 + (gapAfter[index] ?? 0);
      return timed;
    });
}

describe('sentences', () => {
  it('cuts the punctuated text at sentence ends, each sentence with its words and times, covering the text once', () => {
    const text = 'Dr. Smith went to Washington. Did he stay? "Yes!" He did, for 3.5 days.';
    const words = bareWords(text);
    const sentences = transcriptSentences(transcript(text, words));
    expect(sentences.map((sentence) => sentence.text)).toEqual(['Dr. Smith went to Washington.', 'Did he stay?', '"Yes!"', 'He did, for 3.5 days.']);
    expect(sentences.map((sentence) => sentence.text).join(' ')).toBe(text);
    expect(sentences.flatMap((sentence) => sentence.words)).toEqual(words);
    expect(sentences[1]).toMatchObject({ start: 2000, end: 3200, confidence: 0.9 });
    expect(sentences[1]!.words.map((word) => word.text)).toEqual(['Did', 'he', 'stay']);
  });

  it('cuts text without punctuation at pauses of a second, and keeps words the text lacks with their neighbours', () => {
    const text = 'so we met there and talked for hours';
    const words = bareWords(text, 0, { 2: 1500 });
    words.splice(4, 0, { text: 'uh', start: 2300, end: 2350 });
    const sentences = transcriptSentences(transcript(text, words));
    expect(sentences.map((sentence) => sentence.text)).toEqual(['so we met', 'there and talked for hours']);
    expect(sentences.flatMap((sentence) => sentence.words)).toEqual(words);
    // The engine scored every word but the one the text lacks.
    expect(sentences[0]!.confidence).toBe(0.9);
    expect(sentences[1]).not.toHaveProperty('confidence');
  });

  it('groups sentences into paragraphs at pauses of 2 s and after a minute', () => {
    const text = 'One here. Two here. Three after a pause. Four.';
    const words = bareWords(text, 0, { 3: 2500 });
    const paragraphs = transcriptParagraphs(transcript(text, words));
    expect(paragraphs.map((paragraph) => paragraph.text)).toEqual(['One here. Two here.', 'Three after a pause. Four.']);
    expect(paragraphs.map((paragraph) => paragraph.text).join(' ')).toBe(text);
    const long = Array.from({ length: 60 }, (_, index) => `Sentence number ${index + 1}.`).join(' ');
    const minute = transcriptParagraphs(transcript(long, bareWords(long, 0)));
    expect(minute.length).toBe(2);
    expect(minute[0]!.end - minute[0]!.start).toBeLessThanOrEqual(60_000);
    expect(minute.map((paragraph) => paragraph.text).join(' ')).toBe(long);
  });

  it('answers 400 for a transcript that is not completed or has no word timings', () => {
    expect(() => transcriptSentences(transcript('', undefined, undefined, 'processing'))).toThrow(BadRequest);
    expect(() => transcriptSentences(transcript('', undefined, undefined, 'processing'))).toThrow('The transcript is processing');
    expect(() => transcriptParagraphs(transcript('Hello.', undefined, [{ text: 'Hello.', start: 0, end: 500 }]))).toThrow('no word timings');
  });

  it('gives no sentences for a transcript with nothing said', () => {
    expect(transcriptSentences(transcript('', []))).toEqual([]);
  });
});

describe('captions', () => {
  const text = 'Welcome to the harbour tour. Boats <and> ships & everything in between are here.';

  it('writes SRT cues of at most the asked characters, never across a sentence end or a long pause', () => {
    // 400 ms words from 1 s; a 0.3 s pause after `tour.`, a 2 s one after `between`.
    const words = bareWords(text, 1000, { 4: 300, 10: 2000 });
    const srt = transcriptCaptions(transcript(text, words), 'srt', 20);
    expect(srt).toBe(
      [
        '1\n00:00:01,000 --> 00:00:02,200\nWelcome to the\n',
        '2\n00:00:02,200 --> 00:00:03,000\nharbour tour.\n',
        '3\n00:00:03,300 --> 00:00:04,500\nBoats <and> ships &\n',
        '4\n00:00:04,500 --> 00:00:05,300\neverything in\n',
        '5\n00:00:05,300 --> 00:00:05,700\nbetween\n',
        '6\n00:00:07,700 --> 00:00:08,500\nare here.\n',
      ].join('\n'),
    );
  });

  it('writes WebVTT with its header and the markup characters escaped; a word longer than a caption stands alone', () => {
    const vtt = transcriptCaptions(transcript('Supercalifragilistic words.', bareWords('Supercalifragilistic words.')), 'vtt', 10);
    expect(vtt).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:00.400\nSupercalifragilistic\n\n00:00:00.400 --> 00:00:00.800\nwords.\n');
    expect(transcriptCaptions(transcript(text, bareWords(text)), 'vtt', 200)).toContain('Boats &lt;and&gt; ships &amp; everything');
    expect(transcriptCaptions(transcript('', []), 'vtt', 32)).toBe('WEBVTT\n');
    expect(transcriptCaptions(transcript('', []), 'srt', 32)).toBe('');
  });

  it('times captions by the engine phrases when it gave no words, and refuses when it gave no timings', () => {
    const segments = [{ text: 'Welcome aboard everyone.', start: 0, end: 2400 }];
    expect(transcriptCaptions(transcript('Welcome aboard everyone.', undefined, segments), 'srt', 15)).toBe(
      // The phrase's 2.4 s shared by length: `Welcome aboard ` is 15 of its 25 characters.
      '1\n00:00:00,000 --> 00:00:01,440\nWelcome aboard\n\n2\n00:00:01,440 --> 00:00:02,400\neveryone.\n',
    );
    expect(() => transcriptCaptions(transcript('Plain text only.'), 'srt', 32)).toThrow('neither word nor phrase timestamps');
    expect(() => transcriptCaptions(transcript('', undefined, undefined, 'queued'), 'vtt', 32)).toThrow('The transcript is queued');
  });
});

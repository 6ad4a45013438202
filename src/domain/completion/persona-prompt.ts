import type { ChatMessage } from '../shared/chat-message';
import { unreferencedAudioFiles, type CompletionMessage, type StoredCompletionInput } from './completion.types';

const KNOWN_PARAMS: Record<string, string> = {
  description: 'Description',
  personality: 'Personality',
  speaking_style: 'Speaking style',
  background: 'Background',
  goals: 'Goals',
};

function label(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The persona as a system prompt: who to be, then each character parameter on its own
 * line; `language` becomes an instruction rather than a trait.
 */
export function personaSystemPrompt(character: string | null, params: Readonly<Record<string, string>>): string | null {
  const lines: string[] = [];
  if (character) lines.push(`You are ${character}. Stay in character in every reply.`);
  else if (Object.keys(params).length > 0) lines.push('You are playing the character described below. Stay in character in every reply.');
  for (const [name, value] of Object.entries(params)) {
    if (name === 'language') continue;
    lines.push(`${KNOWN_PARAMS[name] ?? label(name)}: ${value}`);
  }
  if (params.language) lines.push(`Always answer in ${params.language}.`);
  return lines.length > 0 ? lines.join('\n') : null;
}

/** A message's parts as one text: audio parts become what was said in them. */
function flatten(message: CompletionMessage, transcripts: Readonly<Record<string, string>>): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : (transcripts[part.audio_file] ?? '')))
    .filter((text) => text.trim() !== '')
    .join('\n');
}

/**
 * The conversation as the LLM receives it: the persona first, then the partner's messages,
 * then what was heard in each audio file no message points at, as the user's words, so
 * that nothing the partner sent is left out.
 */
export function chatMessages(input: StoredCompletionInput, transcripts: Readonly<Record<string, string>>): ChatMessage[] {
  const persona = personaSystemPrompt(input.character, input.characterParams);
  const messages: ChatMessage[] = persona ? [{ role: 'system', content: persona }] : [];
  for (const message of input.messages) messages.push({ role: message.role, content: flatten(message, transcripts) });
  for (const name of unreferencedAudioFiles(input)) {
    const heard = transcripts[name] ?? '';
    if (heard.trim() !== '') messages.push({ role: 'user', content: heard });
  }
  return messages;
}

/** One message of a chat with an LLM, as the domain writes its prompts and the chat engine sends them. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

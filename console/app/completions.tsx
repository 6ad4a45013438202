import { useEffect, useState } from 'preact/hooks';
import { request } from './api';
import { characterInput, CharacterPicker, characters } from './characters';
import { NeedsEngine } from './engines';
import { ConsoleCompletionDocument, ConsoleCompletionOutputDocument, ConsoleSubmitCompletionDocument, type CompletionMessageInput } from './gql/graphql';
import { useStreamedOutput } from './output';
import { Store, useStore } from './store';
import { Alert, Badge, messageOf, PageHeader } from './ui';

/**
 * A conversation with a character: each message sends the conversation so far
 * (submitCompletion), and the reply streams in as the LLM writes it (completionOutput).
 */

interface Turn {
  role: 'user' | 'assistant';
  text: string;
  /** Of a reply: its completion, and how it ended. */
  id?: string;
  state?: 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
  error?: string;
}

/** The conversation, kept while the tab lives, so leaving the page and coming back keeps it. */
const conversation = new Store<{ character: string; turns: Turn[] }>({ character: characters.get()[0]?.name ?? '', turns: [] });

function update(change: (turns: Turn[]) => Turn[]): void {
  const current = conversation.get();
  conversation.set({ ...current, turns: change(current.turns) });
}

/** What the final answer says: the reply's text, or why it failed. */
async function finalOf(id: string): Promise<Partial<Turn>> {
  const { completion } = await request(ConsoleCompletionDocument, { id });
  const output = (completion.output ?? {}) as { message?: { content?: string }; error?: string };
  if (completion.state === 'COMPLETED') return { state: 'COMPLETED', text: output.message?.content ?? '' };
  return { state: 'FAILED', error: output.error ?? 'The completion failed.' };
}

/** A reply being written: its text grows with each event, then the stored answer replaces it. */
function StreamingReply(props: { turn: Turn; speaker: string }) {
  const id = props.turn.id!;
  const { output, error } = useStreamedOutput(ConsoleCompletionOutputDocument, id, (data) => data.completionOutput);
  useEffect(() => {
    if (!output.done && !error) return;
    finalOf(id).then(
      (final) => update((turns) => turns.map((turn) => (turn.id === id ? { ...turn, ...final } : turn))),
      (failure: unknown) => update((turns) => turns.map((turn) => (turn.id === id ? { ...turn, state: 'FAILED', error: error ?? messageOf(failure) } : turn))),
    );
  }, [output.done, error]);
  return <Message turn={{ ...props.turn, text: output.text }} speaker={props.speaker} streaming />;
}

function Message(props: { turn: Turn; speaker: string; streaming?: boolean }) {
  const { turn } = props;
  return (
    <li class={`message ${turn.role}`} data-state={turn.state} data-completion={turn.id} aria-busy={props.streaming ? 'true' : undefined}>
      <span class="who">
        {turn.role === 'user' ? 'You' : props.speaker}
        {turn.state && turn.state !== 'COMPLETED' ? <Badge status={turn.state} /> : null}
      </span>
      {turn.text || !props.streaming ? <p class="text">{turn.text}</p> : <p class="text writing">writing…</p>}
      <Alert text={turn.error} />
    </li>
  );
}

/** The messages the LLM gets: the conversation so far, without the replies that failed. */
function messagesOf(turns: Turn[]): CompletionMessageInput[] {
  return turns
    .filter((turn) => turn.role === 'user' || turn.state === 'COMPLETED')
    .map((turn) => ({ role: turn.role === 'user' ? 'USER' : 'ASSISTANT', content: turn.text }));
}

function MessageForm(props: { busy: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    const message = text.trim();
    if (!message || props.busy) return;
    setError(null);
    const { character, turns } = conversation.get();
    const asked = [...turns, { role: 'user' as const, text: message }];
    try {
      const picked = characters.get().find((each) => each.name === character);
      const { submitCompletion } = await request(ConsoleSubmitCompletionDocument, { input: { messages: messagesOf(asked), ...characterInput(picked) } });
      update(() => [...asked, { role: 'assistant', text: '', id: submitCompletion.id, state: 'IN_PROGRESS' }]);
      setText('');
    } catch (failure) {
      setError(`The message was not sent: ${messageOf(failure)}`);
    }
  };
  return (
    <form
      class="panel message-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label>
        Message
        <textarea
          required
          rows={3}
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
          // Enter sends, as in every chat; Shift+Enter starts a new line.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
      </label>
      <div class="buttons">
        <button type="submit" class="primary" disabled={props.busy}>
          {props.busy ? 'Replying…' : 'Send'}
        </button>
      </div>
      <Alert text={error} />
    </form>
  );
}

export function CompletionsPage() {
  const { character, turns } = useStore(conversation);
  const speaker = character || 'Assistant';
  const busy = turns.some((turn) => turn.state === 'IN_PROGRESS');
  const restart = (name = character) => conversation.set({ character: name, turns: [] });
  return (
    <section class="completions">
      <PageHeader title="Completions">
        <button type="button" disabled={turns.length === 0} onClick={() => restart()}>
          New conversation
        </button>
      </PageHeader>
      <p class="lead">Talk to a character: each reply streams in as the LLM writes it. Completions belong to the key that asks for them.</p>
      <NeedsEngine kind="LLM" feature="Completions">
        {/* Another character starts another conversation: a persona does not take over one it did not have. */}
        <CharacterPicker selected={character} onSelect={(name) => restart(name)} />
        {turns.length ? (
          <ol class="chat" id="conversation" aria-live="polite">
            {turns.map((turn, index) =>
              turn.state === 'IN_PROGRESS' ? (
                <StreamingReply key={turn.id} turn={turn} speaker={speaker} />
              ) : (
                <Message key={index} turn={turn} speaker={speaker} />
              ),
            )}
          </ol>
        ) : (
          <p class="empty">No messages yet: write the first one.</p>
        )}
        <MessageForm busy={busy} />
      </NeedsEngine>
    </section>
  );
}

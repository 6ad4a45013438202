import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { connect, connection, disconnect, rememberedKey, session, type Session } from './api';
import { CompletionsPage } from './completions';
import { DocumentPage } from './document';
import { EnginesPage, loadEngines } from './engines';
import { KnowledgeBasePage, KnowledgeBasesPage } from './knowledge';
import { go, href, useRoute, type Route } from './router';
import { useStore } from './store';
import { TranscriptPage, TranscriptsPage } from './transcripts';
import { Alert, messageOf, Toasts } from './ui';
import { VoicePage } from './voice';
import { VoicesPage } from './voices';

/**
 * The console: a key connects, then pages for a partner's voices and knowledge bases, the
 * key's transcripts, a conversation with a character (completions) and the engines. Everything it shows comes from this service.
 */

function ConnectPage(props: { failed?: string | null }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(props.failed ?? null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const started = await connect(key.trim());
      openFirstPage(started);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="connect panel">
      <h1 tabIndex={-1}>Connect</h1>
      <p>An API key opens its partners' voices and knowledge bases, and its transcripts.</p>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          API key
          <input type="password" autocomplete="off" spellcheck={false} required value={key} onInput={(event) => setKey(event.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Checking…' : 'Connect'}
        </button>
      </form>
      <Alert text={error} />
    </section>
  );
}

function openFirstPage(started: Session): void {
  loadEngines();
  const partner = started.me.partners[0];
  if (partner) go(partner, 'voices');
  else go('transcripts');
}

function partnerOf(route: Route): string | null {
  return 'partner' in route ? route.partner : null;
}

/** The key's partners, or a name to type for the admin key, which reaches every partner. */
function PartnerPicker(props: { session: Session; route: Route }) {
  const current = partnerOf(props.route);
  const section = props.route.page.startsWith('knowledge') || props.route.page === 'document' ? 'kbs' : 'voices';
  const [typed, setTyped] = useState(current ?? '');
  if (props.session.me.admin) {
    return (
      <form
        class="partner"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) go(typed.trim(), section);
        }}
      >
        <label>
          Partner
          <input value={typed} placeholder="partner name" onInput={(event) => setTyped(event.currentTarget.value)} />
        </label>
        <button type="submit">Open</button>
      </form>
    );
  }
  if (props.session.me.partners.length === 0) return <span class="partner">This key reaches no partner.</span>;
  return (
    <label class="partner">
      Partner
      <select value={current ?? ''} onChange={(event) => go(event.currentTarget.value, section)}>
        {current ? null : <option value="">choose…</option>}
        {props.session.me.partners.map((partner) => (
          <option key={partner} value={partner}>
            {partner}
          </option>
        ))}
      </select>
    </label>
  );
}

function ConnectionState() {
  const state = useStore(connection);
  const words = { offline: 'Offline', connecting: 'Connecting…', live: 'Live', closed: `Disconnected${state.detail ? `: ${state.detail}` : ''}` }[state.state];
  return (
    <span class="connection" data-state={state.state} role="status" title={state.state === 'live' ? 'Changes appear as they happen.' : undefined}>
      {words}
    </span>
  );
}

function Navigation(props: { session: Session; route: Route }) {
  const partner = partnerOf(props.route) ?? props.session.me.partners[0] ?? null;
  const page = props.route.page;
  const link = (to: string, label: string, active: boolean) => (
    <a href={to} aria-current={active ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <nav aria-label="Sections">
      {partner ? link(href(partner, 'voices'), 'Voices', page === 'voices' || page === 'voice') : null}
      {partner ? link(href(partner, 'kbs'), 'Knowledge bases', page.startsWith('knowledge') || page === 'document') : null}
      {link(href('transcripts'), 'Transcripts', page.startsWith('transcript'))}
      {link(href('completions'), 'Completions', page === 'completions')}
      {link(href('engines'), 'Engines', page === 'engines')}
    </nav>
  );
}

function Page(props: { route: Route }) {
  const route = props.route;
  switch (route.page) {
    case 'voices':
      return <VoicesPage partner={route.partner} />;
    case 'voice':
      return <VoicePage partner={route.partner} name={route.voice} />;
    case 'knowledge-bases':
      return <KnowledgeBasesPage partner={route.partner} />;
    case 'knowledge-base':
      return <KnowledgeBasePage partner={route.partner} kb={route.kb} />;
    case 'document':
      return <DocumentPage partner={route.partner} kb={route.kb} id={route.id} />;
    case 'transcripts':
      return <TranscriptsPage />;
    case 'transcript':
      return <TranscriptPage id={route.id} />;
    case 'completions':
      return <CompletionsPage />;
    case 'engines':
      return <EnginesPage />;
    default:
      return null;
  }
}

function App() {
  const current = useStore(session);
  const route = useRoute();
  const [resuming, setResuming] = useState(() => rememberedKey() !== null);
  const [resumeFailed, setResumeFailed] = useState<string | null>(null);

  // A reload keeps the tab's key: connect again with it, and stay on the page the hash names.
  useEffect(() => {
    const key = rememberedKey();
    if (!key) return;
    connect(key).then(
      () => {
        loadEngines();
        setResuming(false);
      },
      (failure: unknown) => {
        setResumeFailed(messageOf(failure));
        setResuming(false);
      },
    );
  }, []);

  // A new page moves focus to its heading, so keyboard and screen reader users start there.
  useEffect(() => {
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [location.hash, current !== null]);

  return (
    <>
      <a class="skip" href="#main" onClick={(event) => (event.preventDefault(), document.querySelector<HTMLElement>('main h1')?.focus())}>
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={current ? href(current.me.partners[0] ?? 'transcripts', ...(current.me.partners[0] ? ['voices'] : [])) : '#/'}>
          Persona console
        </a>
        {current ? (
          <>
            <Navigation session={current} route={route} />
            <div class="session">
              <PartnerPicker session={current} route={route} />
              <ConnectionState />
              <button
                type="button"
                class="quiet"
                onClick={() => {
                  disconnect();
                  go('');
                }}
              >
                Disconnect
              </button>
            </div>
          </>
        ) : null}
      </header>
      <main id="main">
        {current ? (
          route.page === 'connect' ? (
            <Welcome session={current} />
          ) : (
            <Page route={route} />
          )
        ) : resuming ? (
          <p>Reconnecting…</p>
        ) : (
          <ConnectPage failed={resumeFailed} />
        )}
      </main>
      <Toasts />
    </>
  );
}

function Welcome(props: { session: Session }) {
  useEffect(() => openFirstPage(props.session), []);
  return null;
}

render(<App />, document.getElementById('app')!);

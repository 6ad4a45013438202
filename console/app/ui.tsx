import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ProgressFieldsFragment, QueueFieldsFragment } from './gql/graphql';
import { Store, useStore } from './store';

// ---------------------------------------------------------------------------------------
// Toasts: every action says how it went.

interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

const toasts = new Store<Toast[]>([]);
let nextToast = 1;

export function toast(kind: Toast['kind'], text: string): void {
  const id = nextToast++;
  toasts.set([...toasts.get(), { id, kind, text }]);
  // Successes fade on their own; an error stays until it is dismissed, so nobody misses it.
  if (kind === 'success') setTimeout(() => dismiss(id), 6000);
}

function dismiss(id: number): void {
  toasts.set(toasts.get().filter((each) => each.id !== id));
}

export function Toasts() {
  const shown = useStore(toasts);
  return (
    <div class="toasts">
      <div role="status" aria-live="polite">
        {shown
          .filter((each) => each.kind === 'success')
          .map((each) => (
            <p key={each.id} class="toast success">
              {each.text}
            </p>
          ))}
      </div>
      <div role="alert">
        {shown
          .filter((each) => each.kind === 'error')
          .map((each) => (
            <p key={each.id} class="toast error">
              <span>{each.text}</span>
              <button type="button" class="quiet" aria-label="Dismiss" onClick={() => dismiss(each.id)}>
                ×
              </button>
            </p>
          ))}
      </div>
    </div>
  );
}

/** An error's words, whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs an action and toasts its outcome: `done` on success, `<what> failed: <reason>` on
 * failure. Answers whether it succeeded, so a dialog knows whether to close.
 */
export async function act(what: string, action: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await action();
    toast('success', done);
    return true;
  } catch (error) {
    toast('error', `${what} failed: ${messageOf(error)}`);
    return false;
  }
}

/** A button that runs an action, busy (and disabled) while it runs. */
export function ActionButton(props: {
  onRun: () => Promise<unknown>;
  children: ComponentChildren;
  label?: string;
  disabled?: boolean;
  title?: string;
  kind?: 'primary' | 'danger' | 'quiet';
}) {
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    void props.onRun().finally(() => setBusy(false));
  };
  return (
    <button type="button" class={props.kind} aria-label={props.label} title={props.title} disabled={busy || props.disabled} aria-busy={busy} onClick={run}>
      {props.children}
    </button>
  );
}

// ---------------------------------------------------------------------------------------
// Dialogs: the native <dialog>, modal, so focus stays inside and Escape closes it.

export function Dialog(props: { title: string; open: boolean; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} aria-label={props.title} onClose={props.onClose}>
      <h2>{props.title}</h2>
      {props.open ? props.children : null}
    </dialog>
  );
}

/** A dialog's form: submit runs the action, and closes the dialog once it succeeded. */
export function DialogForm(props: { submit: string; onSubmit: () => Promise<boolean>; onClose: () => void; children: ComponentChildren; danger?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void props.onSubmit().then((ok) => {
          setBusy(false);
          if (ok) props.onClose();
        });
      }}
    >
      {props.children}
      <div class="buttons">
        <button type="button" class="quiet" onClick={props.onClose}>
          Cancel
        </button>
        <button type="submit" class={props.danger ? 'danger' : 'primary'} disabled={busy}>
          {props.submit}
        </button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------
// Progress and waiting

/** "waiting: 12 ahead, about 40 s", or why else the work has not started. */
export function describeWait(queue: QueueFieldsFragment | null | undefined): string | null {
  if (!queue) return null;
  const inSeconds = (iso: string) => Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 1000));
  const about = queue.estimatedStartAt ? `, about ${inSeconds(queue.estimatedStartAt)} s` : '';
  const ahead = queue.position === null || queue.position === undefined ? '' : `: ${queue.position} ahead`;
  switch (queue.reason) {
    case 'PARTNER_LIMIT':
      return `waiting for a running job of the partner to end${ahead}${about}`;
    case 'RETRY_BACKOFF':
      return queue.nextAttemptAt ? `retrying in ${inSeconds(queue.nextAttemptAt)} s` : 'retrying soon';
    case 'ENGINE_BUSY':
      return `waiting for the engine${ahead}`;
    default:
      return `waiting for its turn${ahead}${about}`;
  }
}

/** What the job says it is doing: "splitting: 3 of 6". */
export function describeProgress(progress: ProgressFieldsFragment | null | undefined): string | undefined {
  if (!progress) return undefined;
  return `${progress.stage}: ${progress.done}${progress.total === null || progress.total === undefined ? '' : ` of ${progress.total}`}`;
}

/**
 * A bar with its words. `percent` null means running with no known end: the bar goes
 * indeterminate, which is how <progress> says "busy" to assistive technology too.
 */
export function Bar(props: {
  label: string;
  percent: number | null;
  status: string;
  progress?: ProgressFieldsFragment | null;
  queue?: QueueFieldsFragment | null;
}) {
  const waiting = describeWait(props.queue);
  const words = waiting ?? describeProgress(props.progress);
  const rounded = props.percent === null ? null : Math.round(Math.min(100, Math.max(0, props.percent)));
  return (
    <span class="bar" data-status={props.status}>
      <progress max={100} value={rounded ?? undefined} aria-label={props.label} aria-valuetext={words ?? (rounded === null ? 'in progress' : `${rounded}%`)} />
      <span class="percent">{rounded === null ? '…' : `${rounded}%`}</span>
      {words ? <span class={waiting ? 'detail waiting' : 'detail'}>{words}</span> : null}
    </span>
  );
}

/** A status word as a coloured badge. */
export function Badge(props: { status: string; children?: ComponentChildren }) {
  return (
    <span class="badge" data-status={props.status}>
      {props.children ?? props.status.toLowerCase().replace(/_/g, ' ')}
    </span>
  );
}

/** Milliseconds as a recording's clock: 83000 → 1:23, 3723000 → 1:02:03. */
export function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '';
}

/** What went wrong, in words, announced; nothing while nothing has. */
export function Alert(props: { text: string | null | undefined }) {
  return props.text ? (
    <p class="error-text" role="alert">
      {props.text}
    </p>
  ) : null;
}

/** A page whose record has not arrived: its header, then the error that kept it away, or "Loading…". */
export function NotLoaded(props: { title: string; back: { href: string; label: string }; error: string | null | undefined }) {
  return (
    <section>
      <PageHeader title={props.title} back={props.back} />
      {props.error ? <Alert text={props.error} /> : <p>Loading…</p>}
    </section>
  );
}

/** A heading with the page's actions beside it, wrapping under it on a narrow screen. */
export function PageHeader(props: { title: string; children?: ComponentChildren; back?: { href: string; label: string } }) {
  return (
    <div class="page-header">
      {props.back ? (
        <a class="back" href={props.back.href}>
          ← {props.back.label}
        </a>
      ) : null}
      <h1 tabIndex={-1}>{props.title}</h1>
      {props.children ? <div class="actions">{props.children}</div> : null}
    </div>
  );
}

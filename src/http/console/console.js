// The live console: plain DOM and graphql-ws, no framework and no build step.
//
// Reads go over GraphQL: `me` for the partners, then subscriptions that send the current
// state first and every change after it, so the tables never poll. Writes use the REST
// voice upload (it streams a large recording, with upload progress) and GraphQL mutations.

const { createClient } = /** @type {any} */ (globalThis).graphqlWs;

const ME = 'query ConsoleMe { me { partners admin } }';
const KNOWLEDGE_BASES = 'query ConsoleKnowledgeBases($partner: String!) { knowledgeBases(partner: $partner) { name } }';
const PROGRESS = 'progress { stage done total percent } queue { reason position estimatedStartAt nextAttemptAt }';
const VOICES = `subscription ConsoleVoices($partner: String!) {
  voicesUpdated(partner: $partner) {
    name deleted sampleCount splitMode
    cleanSpeechSeconds recommendedCleanSpeechSeconds meetsCleanSpeechRecommendation
    samples { index sourceTimestamp duration speechSeconds quality { score reasons { code message } } }
    splitting { status error }
    embedding { status error }
    ${PROGRESS}
  }
}`;
const SPLIT_VOICE = `mutation ConsoleSplitVoice($partner: String!, $name: String!, $splitMode: SplitMode) {
  splitVoice(partner: $partner, name: $name, splitMode: $splitMode) { name }
}`;
const DOCUMENTS = `subscription ConsoleDocuments($partner: String!, $kb: String!) {
  documentUpdated(partner: $partner, kb: $kb) {
    id name folder deleted inQueues processingError fileDigitized fileRewritten
    ${PROGRESS}
  }
}`;
const TRANSCRIPT_FIELDS = `id status text error ${PROGRESS}`;
const TRANSCRIPT = `subscription ConsoleTranscript($id: ID!) {
  transcriptUpdated(id: $id) { ${TRANSCRIPT_FIELDS} }
}`;
const RECENT_TRANSCRIPTS = `query ConsoleRecentTranscripts { recentTranscripts(first: 20) { ${TRANSCRIPT_FIELDS} } }`;
const EMBEDDING = `subscription ConsoleEmbedding($partner: String!, $kb: String!) {
  knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) { knowledgeBase deleted status error ${PROGRESS} }
}`;
const START_EMBEDDING = `mutation ConsoleStartEmbedding($partner: String!, $kb: String!) {
  startKnowledgeBaseEmbedding(partner: $partner, kb: $kb) { status }
}`;
const SEARCH = `query ConsoleSearch($partner: String!, $kb: String!, $query: String!, $mode: RetrievalMode) {
  searchKnowledgeBase(partner: $partner, kb: $kb, query: $query, mode: $mode, topK: 10) {
    results { documentId documentName headingPath score startMs text }
    embeddingStale
  }
}`;
const RETRY_DOCUMENT = `mutation ConsoleRetryDocument($partner: String!, $kb: String!, $id: ID!, $action: ProcessAction!) {
  queueDocumentProcessing(partner: $partner, kb: $kb, id: $id, action: $action) { id }
}`;

const byId = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

const state = {
  key: '',
  partner: '',
  /** @type {any} */ client: null,
  /** Subscriptions of the partner shown, ended when another is picked. */
  /** @type {(() => void)[]} */ partnerWatches: [],
  /** The documents and the embedding of the knowledge base shown. */
  /** @type {(() => void)[]} */ knowledgeBaseWatches: [],
  /** @type {Map<string, () => void>} */ transcriptWatches: new Map(),
  /** Voices whose sample list is open: a live update redraws the row and keeps it open. */
  /** @type {Set<string>} */ openSamples: new Set(),
};

// ---------------------------------------------------------------------------------------
// Talking to the service

/** A query or mutation over HTTP; a GraphQL error becomes a thrown Error with its message. */
async function request(query, variables = {}) {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': state.key },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data;
}

/** Calls `onData` with each event of a subscription; returns the function that ends it. */
function watch(query, variables, onData, onError = showError) {
  return state.client.subscribe(
    { query, variables },
    {
      next: (result) => (result.errors?.length ? onError(result.errors[0].message) : onData(result.data)),
      error: (error) => onError(describeSocketError(error)),
      complete: () => {},
    },
  );
}

/** A socket closed by the service says why in its reason (4401 bad key, 4429 rate limit). */
function describeSocketError(error) {
  if (Array.isArray(error)) return error[0]?.message ?? 'The subscription failed.';
  if (error && typeof error.code === 'number') return `Connection closed (${error.code}) ${error.reason || ''}`.trim();
  return error?.message ?? String(error);
}

function openSocket(key) {
  // Disposing the old client ends every subscription it carried, those of transcripts too.
  state.client?.dispose();
  state.transcriptWatches.clear();
  byId('transcripts').replaceChildren();
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  state.client = createClient({
    url,
    connectionParams: { 'X-Api-Key': key },
    retryAttempts: 10,
    on: {
      connected: () => showConnection('Live: changes appear as they happen.'),
      // graphql-ws reconnects by itself, except after a refusal (4401 bad key, 4429 rate limit).
      closed: (event) =>
        showConnection(event?.code === 1000 ? 'Disconnected.' : `Disconnected (${event?.code ?? '?'}${event?.reason ? `: ${event.reason}` : ''}).`),
    },
  });
}

/** POST /api/voices/:partner as multipart, with the bytes sent shown on the upload bar. */
function uploadRecording(partner, name, splitMode, file, bar) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/voices/${encodeURIComponent(partner)}`);
    xhr.setRequestHeader('X-Api-Key', state.key);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setBar(bar, (event.loaded / event.total) * 100, `${event.loaded} of ${event.total} bytes sent`);
    };
    xhr.onload = () => (xhr.status < 300 ? resolve(undefined) : reject(new Error(errorText(xhr))));
    xhr.onerror = () => reject(new Error('The upload did not reach the service.'));
    const form = new FormData();
    // Fields before the file: the service reads the name while the file still streams in.
    form.append('name', name);
    form.append('split_mode', splitMode);
    form.append('file', file);
    xhr.send(form);
  });
}

/** POST /v2/transcript with the audio as multipart; answers the new transcript's id. */
async function submitTranscript(file) {
  const form = new FormData();
  form.append('audio', file);
  const response = await fetch('/v2/transcript', { method: 'POST', headers: { 'x-api-key': state.key }, body: form });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? body.message ?? `HTTP ${response.status}`);
  return body.id;
}

function errorText(xhr) {
  try {
    return JSON.parse(xhr.responseText).detail ?? `HTTP ${xhr.status}`;
  } catch {
    return `HTTP ${xhr.status}`;
  }
}

// ---------------------------------------------------------------------------------------
// Drawing

function showConnection(text) {
  byId('connection').textContent = text;
}

function showError(text) {
  byId('message').textContent = text;
}

/** A small element builder: text always goes in as text, never as HTML. */
function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== null) element.setAttribute(name, String(value));
  element.append(...children.filter((child) => child !== null && child !== undefined));
  return element;
}

/**
 * A <progress> and its percentage. `percent` null means running with no known end: the
 * bar goes indeterminate, which is how <progress> says "busy" to assistive technology too.
 * Work that has not started says why beside it (`queue`, from the resource's queue field).
 */
function progressCell(label, percent, description, queue = null) {
  const bar = el('progress', { max: 100, 'aria-label': label });
  const waiting = describeWait(queue);
  const cell = el('td', {}, bar, el('span', { class: 'percent' }), waiting ? el('span', { class: 'detail waiting' }, waiting) : null);
  setBar(bar, percent, waiting ?? description);
  return cell;
}

/** "waiting: 12 ahead, about 40 s", or why else the work has not started; null when it runs. */
function describeWait(queue) {
  if (!queue) return null;
  const inSeconds = (iso) => Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 1000));
  const about = queue.estimatedStartAt ? `, about ${inSeconds(queue.estimatedStartAt)} s` : '';
  switch (queue.reason) {
    case 'PARTNER_LIMIT':
      return `waiting: partner limit reached, ${queue.position} ahead${about}`;
    case 'RETRY_BACKOFF':
      return `retrying in ${inSeconds(queue.nextAttemptAt)} s`;
    case 'ENGINE_BUSY':
      return queue.position === null ? 'waiting for the engine' : `waiting for the engine: ${queue.position} ahead`;
    default:
      return `waiting: ${queue.position} ahead${about}`;
  }
}

function setBar(bar, percent, description) {
  const shown = bar.nextElementSibling;
  if (percent === null) {
    bar.removeAttribute('value');
    bar.setAttribute('aria-valuetext', description ?? 'in progress');
    if (shown) shown.textContent = '…';
    return;
  }
  const rounded = Math.round(Math.min(100, Math.max(0, percent)));
  bar.value = rounded;
  bar.setAttribute('aria-valuetext', description ?? `${rounded}%`);
  if (shown) shown.textContent = `${rounded}%`;
}

/** Puts a row in place of the one with the same key, or adds it (at the end, or on top); null removes it. */
function placeRow(tbody, key, row, onTop = false) {
  const current = [...tbody.children].find((each) => each.dataset.key === key);
  if (row) row.dataset.key = key;
  if (current && row) current.replaceWith(row);
  else if (current) current.remove();
  else if (row && onTop) tbody.prepend(row);
  else if (row) tbody.append(row);
}

/** What a screen reader says for a bar: the job's own words, such as "splitting: 3 of 6". */
function describeProgress(progress) {
  if (!progress) return undefined;
  return `${progress.stage}: ${progress.done}${progress.total === null ? '' : ` of ${progress.total}`}`;
}

/**
 * Where each stage of a split sits on the splitting bar, so that one bar moves forward from
 * the first second converted to the last sample written.
 */
const SPLIT_STAGES = { converting: [0, 40], 'finding pauses': [40, 50], analyzing: [50, 60], splitting: [60, 100] };

/** How far one voice pipeline is: a finished one is full, a running one shows its job's progress. */
function pipelinePercent(pipeline, stage, progress) {
  if (pipeline.status === 'COMPLETED') return 100;
  if (pipeline.status !== 'IN_PROGRESS') return 0;
  if (!progress || progress.percent === null) return null;
  if (stage === 'embedding') return progress.stage === 'embedding' ? progress.percent : null;
  const range = SPLIT_STAGES[progress.stage];
  return range ? range[0] + ((range[1] - range[0]) * progress.percent) / 100 : null;
}

function pipelineCell(voice, stage) {
  const pipeline = voice[stage];
  // The wait belongs to the stage whose job is queued: the split first, the embedding after it.
  const queued = voice.splitting.status === 'IN_PROGRESS' ? 'splitting' : 'embedding';
  const waiting = stage === queued && !voice.progress ? voice.queue : null;
  const cell = progressCell(`${voice.name}: ${stage}`, pipelinePercent(pipeline, stage, voice.progress), describeProgress(voice.progress), waiting);
  cell.dataset.status = pipeline.status;
  const words = { IDLE: 'not started', IN_PROGRESS: 'running', COMPLETED: 'done', FAILED: 'failed' };
  const running = pipeline.status === 'IN_PROGRESS' && voice.progress && (stage === 'embedding') === (voice.progress.stage === 'embedding');
  const said = pipeline.error ?? (running ? voice.progress.stage : words[pipeline.status]);
  cell.append(el('span', { class: pipeline.status === 'FAILED' ? 'detail failed' : 'detail' }, said));
  return cell;
}

/** The samples, each with its score and the reasons against it, in a list that opens on demand. */
function samplesCell(voice) {
  const list = el(
    'ol',
    { class: 'samples', start: 0 },
    ...voice.samples.map((sample) => {
      const quality = sample.quality;
      const facts = [sample.sourceTimestamp, `${sample.duration.toFixed(1)} s`];
      if (sample.speechSeconds !== null) facts.push(`${sample.speechSeconds.toFixed(1)} s speech`);
      if (quality) facts.push(`score ${quality.score.toFixed(2)}`);
      const reasons = quality?.reasons.length
        ? el('ul', { class: 'reasons' }, ...quality.reasons.map((reason) => el('li', { 'data-code': reason.code }, reason.message)))
        : el('span', { class: 'clean' }, quality ? ' clean' : '');
      return el('li', { 'data-index': sample.index }, facts.filter(Boolean).join(' · '), reasons);
    }),
  );
  const details = el('details', state.openSamples.has(voice.name) ? { open: '' } : {}, el('summary', {}, `${voice.sampleCount} samples`), list);
  details.addEventListener('toggle', () => (details.open ? state.openSamples.add(voice.name) : state.openSamples.delete(voice.name)));
  return el('td', {}, voice.sampleCount ? details : '0');
}

/** Clean speech against the recommendation a voice should meet to be cloned well. */
function cleanSpeechCell(voice) {
  const text = `${voice.cleanSpeechSeconds.toFixed(1)} s of ${voice.recommendedCleanSpeechSeconds} s`;
  const met = voice.meetsCleanSpeechRecommendation;
  return el(
    'td',
    { class: met ? 'clean-speech met' : 'clean-speech', 'data-met': String(met) },
    text,
    el('span', { class: 'detail' }, met ? 'enough' : 'more needed'),
  );
}

/** Re-split with a mode of its own; it starts from the mode the samples were cut with. */
function resplitCell(voice) {
  const mode = el(
    'select',
    { 'aria-label': `Split mode of ${voice.name}` },
    el('option', { value: 'FIXED' }, 'fixed'),
    el('option', { value: 'CURATED' }, 'curated'),
  );
  mode.value = voice.splitMode ?? 'FIXED';
  const button = el('button', { type: 'button', 'aria-label': `Re-split ${voice.name}` }, 'Re-split');
  button.disabled = voice.splitting.status === 'IN_PROGRESS';
  button.addEventListener('click', () => resplit(voice.name, mode.value, button));
  return el('td', { class: 'actions' }, mode, button);
}

function showVoice(voice) {
  const row = voice.deleted
    ? null
    : el(
        'tr',
        {},
        el('th', { scope: 'row' }, voice.name),
        samplesCell(voice),
        cleanSpeechCell(voice),
        pipelineCell(voice, 'splitting'),
        pipelineCell(voice, 'embedding'),
        resplitCell(voice),
      );
  placeRow(byId('voices'), voice.name, row);
}

/** A document has no status field: its queues, files and error say where it stands. */
function documentState(doc) {
  if (doc.inQueues.includes('DIGITIZE')) return { text: 'digitizing', percent: doc.progress?.percent ?? null };
  if (doc.inQueues.includes('REWRITE')) return { text: 'rewriting', percent: doc.progress?.percent ?? null };
  if (doc.processingError) return { text: `failed: ${doc.processingError}`, percent: 0, failed: true };
  if (doc.fileRewritten) return { text: 'rewritten', percent: 100 };
  if (doc.fileDigitized) return { text: 'digitized', percent: 100 };
  return { text: 'not processed', percent: 0 };
}

function showDocument(doc) {
  if (doc.deleted) return placeRow(byId('documents'), doc.id, null);
  const current = documentState(doc);
  const retry = current.failed ? el('button', { type: 'button', 'aria-label': `Retry ${doc.name}` }, 'Retry') : null;
  retry?.addEventListener('click', () => retryDocument(doc, retry));
  const row = el(
    'tr',
    { 'data-state': current.failed ? 'failed' : current.text },
    el('th', { scope: 'row' }, doc.name),
    el('td', {}, doc.folder),
    el('td', { class: current.failed ? 'failed' : undefined }, current.text),
    progressCell(`${doc.name}: ${current.text}`, current.percent, describeProgress(doc.progress), doc.queue),
    el('td', {}, retry),
  );
  placeRow(byId('documents'), doc.id, row);
}

/** A transcript not listed yet is the newest one: it goes on top, as in the recent list. */
function showTranscript(transcript) {
  const running = transcript.status === 'PROCESSING' || transcript.status === 'QUEUED';
  const percent = transcript.status === 'COMPLETED' ? 100 : running ? (transcript.progress?.percent ?? null) : 0;
  const text = transcript.error ?? (transcript.text ? transcript.text.slice(0, 160) : '');
  const row = el(
    'tr',
    { 'data-status': transcript.status },
    el('th', { scope: 'row' }, transcript.id.split('/').pop()),
    el('td', { class: transcript.status === 'ERROR' ? 'failed' : undefined }, transcript.status.toLowerCase()),
    progressCell(`Transcript ${transcript.id}`, percent, describeProgress(transcript.progress), transcript.queue),
    el('td', {}, text),
  );
  placeRow(byId('transcripts'), transcript.id, row, true);
}

function showEmbedding(embedding) {
  const bar = byId('embedding-progress');
  const words = { IDLE: 'not embedded', IN_PROGRESS: 'embedding', COMPLETED: 'embedded', FAILED: `failed: ${embedding.error ?? ''}` };
  const percent = embedding.status === 'COMPLETED' ? 100 : embedding.status === 'IN_PROGRESS' ? (embedding.progress?.percent ?? null) : 0;
  setBar(bar, percent, describeWait(embedding.queue) ?? describeProgress(embedding.progress));
  bar.dataset.status = embedding.status;
  byId('embedding-state').textContent = embedding.deleted ? 'deleted' : words[embedding.status];
  byId('embed').disabled = embedding.deleted || embedding.status === 'IN_PROGRESS';
}

/** Milliseconds as a recording's clock: 83000 → 1:23, 3723000 → 1:02:03. */
function clock(ms) {
  const seconds = Math.floor(ms / 1000);
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (/** @type {number} */ value) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

function showSearchResults(answer) {
  const rows = answer.results.map((result) =>
    el(
      'tr',
      { 'data-document': result.documentId },
      el('td', {}, result.documentName),
      el('td', {}, result.headingPath ?? ''),
      el('td', {}, result.startMs === null ? '' : clock(result.startMs)),
      el('td', {}, result.score.toFixed(3)),
      el('td', { class: 'excerpt' }, result.text.length > 240 ? `${result.text.slice(0, 240)}…` : result.text),
    ),
  );
  byId('search-results').replaceChildren(...rows);
  byId('search-results-table').hidden = rows.length === 0;
  const stale = answer.embeddingStale ? ' Documents changed since the last embedding.' : '';
  const found = rows.length === 0 ? 'No results.' : `${rows.length} result${rows.length === 1 ? '' : 's'}.`;
  byId('search-summary').textContent = `${found}${stale}`;
}

function clearSearchResults() {
  byId('search-results').replaceChildren();
  byId('search-results-table').hidden = true;
  byId('search-summary').textContent = '';
}

// ---------------------------------------------------------------------------------------
// What the controls do

async function connect(key) {
  state.key = key;
  showError('');
  showConnection('Connecting…');
  const { me } = await request(ME);
  openSocket(key);
  byId('transcripts-section').hidden = false;
  await showRecentTranscripts();
  const select = byId('partner');
  select.replaceChildren(...me.partners.map((partner) => el('option', { value: partner }, partner)));
  select.hidden = me.admin;
  byId('partner-name').hidden = !me.admin;
  byId('partner-form').hidden = false;
  if (!me.admin && me.partners.length > 0) await showPartner(me.partners[0]);
  else showConnection(me.admin ? 'Admin key: type a partner name.' : 'This key reaches no partner.');
}

async function showPartner(partner) {
  for (const stop of state.partnerWatches.splice(0)) stop();
  stopKnowledgeBase();
  state.partner = partner;
  state.openSamples.clear();
  for (const id of ['voices', 'documents']) byId(id).replaceChildren();
  for (const id of ['voices-section', 'documents-section']) byId(id).hidden = false;
  state.partnerWatches.push(watch(VOICES, { partner }, (data) => showVoice(data.voicesUpdated)));
  await listKnowledgeBases();
}

/**
 * Lists the partner's knowledge bases, keeping the one shown when it still exists. No
 * subscription announces a new knowledge base, so the Refresh button calls this again.
 */
async function listKnowledgeBases() {
  const { knowledgeBases } = await request(KNOWLEDGE_BASES, { partner: state.partner });
  const kbSelect = byId('knowledge-base');
  const shown = kbSelect.value;
  kbSelect.replaceChildren(...knowledgeBases.map((kb) => el('option', { value: kb.name }, kb.name)));
  kbSelect.disabled = knowledgeBases.length === 0;
  byId('embedding').hidden = knowledgeBases.length === 0;
  byId('search-form').hidden = knowledgeBases.length === 0;
  const stillThere = knowledgeBases.some((kb) => kb.name === shown);
  if (stillThere) kbSelect.value = shown;
  else if (knowledgeBases.length > 0) showKnowledgeBase(knowledgeBases[0].name);
  else stopKnowledgeBase();
}

function stopKnowledgeBase() {
  for (const stop of state.knowledgeBaseWatches.splice(0)) stop();
}

function showKnowledgeBase(kb) {
  stopKnowledgeBase();
  byId('documents').replaceChildren();
  clearSearchResults();
  const where = { partner: state.partner, kb };
  state.knowledgeBaseWatches.push(
    watch(DOCUMENTS, where, (data) => showDocument(data.documentUpdated)),
    watch(EMBEDDING, where, (data) => showEmbedding(data.knowledgeBaseEmbeddingUpdated)),
  );
}

/** Transcripts belong to the key, whatever the partner: the newest, each followed while it runs. */
async function showRecentTranscripts() {
  const { recentTranscripts } = await request(RECENT_TRANSCRIPTS);
  // Oldest first, each going on top, leaves the newest at the top.
  for (const transcript of recentTranscripts.reverse()) {
    showTranscript(transcript);
    if (transcript.status === 'QUEUED' || transcript.status === 'PROCESSING') followTranscript(transcript.id);
  }
}

async function resplit(name, splitMode, button) {
  button.disabled = true;
  try {
    await request(SPLIT_VOICE, { partner: state.partner, name, splitMode });
  } catch (error) {
    button.disabled = false;
    showError(`Re-split of ${name} failed: ${error.message}`);
  }
}

/** Digitizes again when that is what failed, else rewrites again: the step that failed, no more. */
async function retryDocument(doc, button) {
  button.disabled = true;
  try {
    const action = doc.fileDigitized ? 'REWRITE' : 'DIGITIZE';
    await request(RETRY_DOCUMENT, { partner: state.partner, kb: byId('knowledge-base').value, id: doc.id, action });
  } catch (error) {
    button.disabled = false;
    showError(`Retry of ${doc.name} failed: ${error.message}`);
  }
}

function followTranscript(id) {
  if (state.transcriptWatches.has(id)) return;
  const failed = (message) => {
    state.transcriptWatches.delete(id);
    showError(`Transcript ${id}: ${message}`);
  };
  state.transcriptWatches.set(
    id,
    watch(TRANSCRIPT, { id }, (data) => showTranscript(data.transcriptUpdated), failed),
  );
}

/** Runs a control's action, showing its failure instead of letting it vanish in the console. */
function guarded(action) {
  return (event) => {
    event.preventDefault();
    showError('');
    Promise.resolve(action(event)).catch((error) => showError(error.message));
  };
}

byId('connect-form').addEventListener(
  'submit',
  guarded(() => connect(byId('api-key').value.trim())),
);

byId('partner-form').addEventListener(
  'submit',
  guarded(() => showPartner(byId('partner').hidden ? byId('partner-name').value.trim() : byId('partner').value)),
);
byId('partner').addEventListener(
  'change',
  guarded(() => showPartner(byId('partner').value)),
);
byId('knowledge-base').addEventListener(
  'change',
  guarded(() => showKnowledgeBase(byId('knowledge-base').value)),
);
byId('refresh-knowledge-bases').addEventListener('click', guarded(listKnowledgeBases));
byId('embed').addEventListener(
  'click',
  guarded(() => request(START_EMBEDDING, { partner: state.partner, kb: byId('knowledge-base').value })),
);
byId('refresh-transcripts').addEventListener('click', guarded(showRecentTranscripts));
byId('search-form').addEventListener(
  'submit',
  guarded(async () => {
    clearSearchResults();
    const variables = { partner: state.partner, kb: byId('knowledge-base').value, query: byId('search-query').value.trim(), mode: byId('search-mode').value };
    showSearchResults((await request(SEARCH, variables)).searchKnowledgeBase);
  }),
);

byId('upload-form').addEventListener(
  'submit',
  guarded(async () => {
    const bar = byId('upload-progress');
    const button = byId('upload-form').querySelector('button');
    bar.hidden = false;
    setBar(bar, 0);
    button.disabled = true;
    try {
      await uploadRecording(state.partner, byId('voice-name').value.trim(), byId('split-mode').value, byId('recording').files[0], bar);
      setBar(bar, 100, 'Uploaded');
    } finally {
      button.disabled = false;
    }
  }),
);

byId('transcribe-form').addEventListener(
  'submit',
  guarded(async () => followTranscript(await submitTranscript(byId('transcribe-audio').files[0]))),
);

byId('follow-form').addEventListener(
  'submit',
  guarded(() => followTranscript(byId('transcript-id').value.trim())),
);

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Writes docs/api/ from the service's own /openapi.json: one page per service, with its
 * routes, fields, statuses, errors and curl examples. The words around the tables are ours
 * (below); the tables come from the document, and test/docs/api-docs.test.ts fails when the
 * pages are stale. Run with `npm run docs:api`.
 */

type Json = Record<string, any>;

interface Page {
  file: string;
  title: string;
  tag: string;
  introduction: string;
}

const PAGES: Page[] = [
  {
    file: 'voices.md',
    title: 'Voices',
    tag: 'Voices',
    introduction: `Named voices per partner. A voice is created from a recording, which the service
stores, splits into samples (Ogg Opus, 96 kbps, mono) and embeds for a TTS type; or it is
created empty and gets its samples one by one. Splitting and embedding run in the background:
poll the voice (or subscribe to \`voiceUpdated\` over GraphQL) until \`status.splitting\` and
\`status.embedding\` leave \`in_progress\`. While either is \`in_progress\`, rename and delete
answer 409.

The key travels in the \`X-Api-Key\` header or, on this service only, in the \`api_key\` query
parameter. Errors are \`{"detail": "..."}\`. Every route that takes parameters reads them from a
multipart form, a urlencoded form, a JSON body or the query string alike; booleans accept
true/false, 1/0 and yes/no.`,
  },
  {
    file: 'knowledge-bases.md',
    title: 'Knowledge bases',
    tag: 'Knowledge bases',
    introduction: `Knowledge bases per partner, holding folders and documents. A document comes from an
uploaded file or a URL, or is created empty for editing. Documents are digitized to text and,
when asked, rewritten by an LLM (a draft, then a final text); a document has no status field:
progress shows in \`in_queues\`, the \`file_*\` fields, \`processing_error\` and \`is_embedded\`.
A knowledge base is embedded as a whole; its \`embedding_stale\` says whether documents changed
since.

The key travels in the \`X-Api-Key\` header (\`GET /api/content_types\` needs none). Errors are
\`{"detail": "..."}\`. Every route that takes parameters reads them from a multipart form, a
urlencoded form, a JSON body or the query string alike (the batch import takes JSON); booleans
accept true/false, 1/0 and yes/no.`,
  },
  {
    file: 'transcripts-and-completions.md',
    title: 'Transcripts and completions (/v2)',
    tag: 'Transcripts and completions',
    introduction: `Two long-running jobs: a transcript of audio (by URL or upload) and a completion (an
answer to messages, optionally with audio and a persona). A submit answers 200 with an \`id\`
that is itself the path to poll (\`/v2/transcript/<uuid>\`, \`/v2/completions/<uuid>\`). Each
resource belongs to the key that submitted it; another key gets 404. A completion's result is
kept 20 minutes after it finishes ([docs/completions.md](../completions.md) has its prompt and
audio rules).

The key travels in the \`X-Api-Key\` header. Errors are \`{"error": "..."}\`; invalid input is
422 \`{"message": "The given data was invalid.", "errors": {"<param>": ["..."]}}\` with every
failing parameter.`,
  },
  {
    file: 'webhooks.md',
    title: 'Webhooks',
    tag: 'Webhooks',
    introduction: `A partner's webhook endpoints: each event (a voice, document, knowledge base embedding,
transcript or completion that changed) is POSTed to the endpoints that subscribe to its type,
signed per Standard Webhooks and retried with backoff until the receiver takes it. The secret
that verifies the signature is in the answer that creates the endpoint, and in no other.
[docs/webhooks.md](../webhooks.md) has the events, the request, signature verification,
retries and the per-transcript \`webhook_url\` of \`POST /v2/transcript\`.

The key travels in the \`X-Api-Key\` header. Errors are \`{"detail": "..."}\`. The create route
reads its parameters from a multipart form, a urlencoded form, a JSON body or the query string
alike.`,
  },
  {
    file: 'operations.md',
    title: 'Operations',
    tag: 'Operations',
    introduction: `Routes for orchestrators and monitoring, outside the three APIs. \`/healthz\` is liveness,
\`/readyz\` readiness; [running the service](../running.md) has example Kubernetes probes. \`/metrics\` is for Prometheus.`,
  },
];

const EXAMPLE_VALUES: Record<string, unknown> = {
  partner: 'acme',
  voice: 'Ada',
  index: '0',
  filename: '0_0.opus',
  tts_type: 'vendor_tts_v2',
  kb: 'Handbook',
  folder: 'Guides',
  doc_id: '3f0c2a9e-8d7b-4c1e-9a55-0b6f2d1e7c40',
  id: '3f0c2a9e-8d7b-4c1e-9a55-0b6f2d1e7c40',
  name: 'Ada',
  url: 'https://example.com/article',
  urls: ['https://example.com/a', 'https://example.com/b'],
  content: '# Notes',
  sample_index: '2',
  document: { id: '3f0c2a9e-8d7b-4c1e-9a55-0b6f2d1e7c40' },
  action: 'process',
  audio_url: 'https://example.com/talk.mp3',
  input: { messages: [{ role: 'user', content: 'Hello!' }] },
  events: ['voice.updated', 'transcript.completed'],
  delivery: '9d4e1c7a-2b3f-4a5e-8c6d-7e8f9a0b1c2d',
};

const PATH_EXAMPLES: Record<string, string> = { type: 'rewritten' };

/** The pages of docs/api, by file name, rendered from an OpenAPI document. */
export function renderApiPages(document: Json): Record<string, string> {
  const pages: Record<string, string> = { 'README.md': renderIndex(document) };
  for (const page of PAGES) pages[page.file] = renderPage(document, page);
  return pages;
}

function renderIndex(document: Json): string {
  const schemes = Object.entries<Json>(document.components.securitySchemes)
    .map(
      ([name, scheme]) =>
        `| ${name} | ${scheme.type === 'apiKey' ? `\`${scheme.name}\` (${scheme.in})` : `${scheme.scheme} token`} | ${scheme.description ?? ''} |`,
    )
    .join('\n');
  return `${generatedNote()}
# REST API reference

${document.info.description}

| Page | Routes |
|---|---|
${PAGES.map((page) => `| [${page.title}](${page.file}) | ${operationsOf(document, page.tag).length} |`).join('\n')}

The service describes itself: \`GET /openapi.json\` (also \`/swagger.json\`) is the OpenAPI 3.1
document these pages are generated from, and \`/docs\` shows it in Swagger UI, served entirely
by the service. GraphQL (\`/graphql\`), the queue board (\`/admin/queues\`) and CORS preflights
are not part of it.

## Keys

| Scheme | Where | Notes |
|---|---|---|
${schemes}

A missing or wrong key is 401, a key without access to the partner 403, and each key has a
rate limit per minute (429 with \`Retry-After\`). While Redis cannot be reached every route
answers 503 with \`Retry-After\`. Every answer carries \`X-Request-Id\`.

In the examples, \`$BASE\` is the service's address (\`http://localhost:4000\`) and \`$KEY\` an API
key (\`npm run key -- create --partner acme\`).
`;
}

function renderPage(document: Json, page: Page): string {
  const operations = operationsOf(document, page.tag);
  const used = new Set<string>();
  const sections = operations.map((entry) => renderOperation(document, entry, used));
  const resources = [...used].sort().map((name) => renderSchema(name, document.components.schemas[name]));
  return `${generatedNote()}
# ${page.title}

${page.introduction}

| Method | Path | What it does |
|---|---|---|
${operations.map(({ method, path, operation }) => `| ${method.toUpperCase()} | [\`${path}\`](#${anchor(method, path)}) | ${operation.summary} |`).join('\n')}

${sections.join('\n')}
## Resources

${resources.join('\n')}`;
}

interface Entry {
  method: string;
  path: string;
  operation: Json;
}

function operationsOf(document: Json, tag: string): Entry[] {
  return Object.entries<Json>(document.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([, operation]) => operation.tags?.includes(tag))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

function renderOperation(document: Json, { method, path, operation }: Entry, used: Set<string>): string {
  const lines = [`<a id="${anchor(method, path)}"></a>`, `### ${operation.summary}`, '', `\`${method.toUpperCase()} ${path}\``, ''];
  if (operation.description) lines.push(operation.description, '');
  lines.push(operation.security.length === 0 ? 'No key needed.' : `Key: ${operation.security.map((entry: Json) => Object.keys(entry)[0]).join(' or ')}.`, '');

  const parameters = (operation.parameters ?? []) as Json[];
  if (parameters.length > 0) {
    lines.push('| Parameter | In | Type | Notes |', '|---|---|---|---|');
    for (const parameter of parameters) {
      lines.push(
        `| \`${parameter.name}\` | ${parameter.in} | ${typeOf(parameter.schema, used)} | ${notes(parameter.schema, parameter.required ? 'required' : undefined, parameter.description)} |`,
      );
    }
    lines.push('');
  }

  const body = operation.requestBody as Json | undefined;
  if (body) {
    const encodings = Object.keys(body.content);
    const richest = (body.content['multipart/form-data'] ?? body.content[encodings[0]!]).schema as Json;
    lines.push(`Request body: ${encodings.map((encoding) => `\`${encoding}\``).join(', ')}.${body.description ? ` ${body.description}` : ''}`, '');
    lines.push(...fieldTable(richest, used, 'Field'), '');
  }

  lines.push('| Status | Body | When |', '|---|---|---|');
  for (const [status, response] of Object.entries<Json>(operation.responses)) {
    const [mediaType, content] = Object.entries<Json>(response.content ?? {})[0] ?? [];
    const shape = content?.schema ? typeOf(content.schema, used) : mediaType ? `\`${mediaType}\`` : 'none';
    const extra = Object.keys(response.headers ?? {}).filter((name) => name !== 'X-Request-Id');
    lines.push(`| ${status} | ${shape} | ${response.description}${extra.length > 0 ? ` (${extra.map((name) => `\`${name}\``).join(', ')})` : ''} |`);
  }
  lines.push('', '```sh', curl(method, path, operation), '```', '');
  return lines.join('\n');
}

/** A table of an object's fields; `requiredWord` says what a required field means there (sent, or always answered). */
function fieldTable(schema: Json, used: Set<string>, label: string, requiredWord = 'required'): string[] {
  const rows = fieldRows(schema, '', used, requiredWord);
  return rows.length > 0 ? [`| ${label} | Type | Notes |`, '|---|---|---|', ...rows] : ['No fields.'];
}

/** One row per field, and the fields of inline objects under their dotted names (`status.splitting`, `samples[].index`). */
function fieldRows(schema: Json, prefix: string, used: Set<string>, requiredWord: string): string[] {
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries<Json>(schema.properties ?? {}).flatMap(([name, property]) => {
    const row = `| \`${prefix}${name}\` | ${typeOf(property, used)} | ${notes(property, required.has(name) ? requiredWord : undefined, property.description)} |`;
    const inner = inlineObject(property);
    return [row, ...(inner ? fieldRows(inner.schema, `${prefix}${name}${inner.array ? '[]' : ''}.`, used, requiredWord) : [])];
  });
}

function inlineObject(schema: Json): { schema: Json; array: boolean } | undefined {
  const options = [schema, ...((schema.anyOf ?? []) as Json[])];
  const object = options.find((option) => option.properties && !option.$ref);
  if (object && (schema.anyOf ?? []).filter((option: Json) => option.properties).length <= 1) return { schema: object, array: false };
  const items = options.find((option) => option.type === 'array')?.items as Json | undefined;
  return items?.properties ? { schema: items, array: true } : undefined;
}

function renderSchema(name: string, schema: Json): string {
  const used = new Set<string>();
  return [`### ${name}`, '', ...(schema.description ? [schema.description, ''] : []), ...fieldTable(schema, used, 'Field', 'always present'), ''].join('\n');
}

function typeOf(schema: Json | undefined, used: Set<string>): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop()!;
    used.add(name);
    return `[${name}](#${name.toLowerCase()})`;
  }
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value: unknown) => `\`${String(value)}\``).join(' \\| ');
  if (schema.anyOf) return [...new Set((schema.anyOf as Json[]).map((option) => typeOf(option, used)))].join(' or ');
  if (schema.oneOf) return [...new Set((schema.oneOf as Json[]).map((option) => typeOf(option, used)))].join(' or ');
  if (schema.contentMediaType) return 'file';
  const types = [schema.type].flat().filter(Boolean) as string[];
  return types
    .map((type) => {
      if (type === 'array') return `array of ${typeOf(schema.items, used)}`;
      if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return `object of ${typeOf(schema.additionalProperties, used)}`;
      }
      if (type === 'object' && schema.properties) {
        return `object (${Object.keys(schema.properties)
          .map((key) => `\`${key}\``)
          .join(', ')})`;
      }
      return type;
    })
    .join(' or ');
}

function notes(schema: Json = {}, required: string | undefined, description?: string): string {
  // A field that takes several shapes (an integer or its digits, a value or null) keeps its
  // bounds in its first shape that has them.
  const shapes = [schema, ...((schema.anyOf ?? []) as Json[])];
  const facet = (key: string) => shapes.find((shape) => shape[key] !== undefined)?.[key] as unknown;
  const [minLength, maxLength, minimum, maximum, minItems, maxItems] = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'].map(facet);
  const parts: string[] = [];
  if (required) parts.push(required);
  if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``);
  if (minLength !== undefined || maxLength !== undefined) parts.push(`${String(minLength ?? 0)}-${String(maxLength ?? '∞')} characters`);
  if (minimum !== undefined && maximum !== undefined) parts.push(`${String(minimum)} to ${String(maximum)}`);
  else if (minimum !== undefined) parts.push(`at least ${String(minimum)}`);
  else if (maximum !== undefined) parts.push(`at most ${String(maximum)}`);
  if (minItems !== undefined || maxItems !== undefined) parts.push(`${String(minItems ?? 0)}-${String(maxItems ?? '∞')} items`);
  const format = facet('format');
  if (format) parts.push(String(format));
  for (const option of (schema.anyOf ?? []) as Json[]) if (option.description) parts.push(`as a string: ${option.description}`);
  if (description) parts.push(description);
  return parts.join('; ').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function curl(method: string, path: string, operation: Json): string {
  const url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(PATH_EXAMPLES[name] ?? String(exampleValue(name, path))));
  const parts = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "$BASE${url}"`];
  if (operation.security.some((entry: Json) => 'MetricsToken' in entry)) parts.push('-H "Authorization: Bearer $METRICS_TOKEN"');
  else if (operation.security.length > 0) parts.push('-H "X-Api-Key: $KEY"');
  const body = operation.requestBody as Json | undefined;
  if (body) {
    const multipart = body.content['multipart/form-data']?.schema as Json | undefined;
    const json = body.content['application/json']?.schema as Json | undefined;
    const fields = exampleFields(multipart ?? json ?? {});
    const files = fields.filter((name) => multipart?.properties[name]?.contentMediaType);
    if (multipart && (files.length > 0 || !json)) {
      for (const name of fields)
        parts.push(files.includes(name) ? `-F "${name}=@${exampleFile(name, path)}"` : `-F "${name}=${String(exampleValue(name, path))}"`);
    } else if (json && fields.length > 0) {
      const example = Object.fromEntries(fields.filter((name) => !files.includes(name)).map((name) => [name, exampleValue(name, path)]));
      parts.push('-H "Content-Type: application/json"', `-d '${JSON.stringify(example)}'`);
    }
  }
  return parts.join(' \\\n  ');
}

/**
 * The shortest call that works: the required fields, a URL where the type asks for one, and
 * the file part unless text or a URL takes its place.
 */
function exampleFields(schema: Json): string[] {
  const properties = (schema.properties ?? {}) as Json;
  const required = new Set((schema.required ?? []) as string[]);
  const textInstead = 'content' in properties || 'type' in properties;
  return Object.keys(properties).filter((name) => {
    if (required.has(name)) return true;
    if (name === 'url') return 'type' in properties;
    return Boolean(properties[name].contentMediaType) && !textInstead;
  });
}

function exampleFile(name: string, path: string): string {
  if (name === 'audio') return 'talk.mp3';
  if (path.includes('/content/')) return 'rewritten.md';
  return path.startsWith('/api/documents/') ? 'handbook.pdf' : 'recording.wav';
}

function exampleValue(name: string, path: string): unknown {
  if (name === 'type') return 'url';
  if (name === 'name' && path.startsWith('/api/knowledgebases/')) return 'Handbook';
  if (name === 'name' && path.startsWith('/api/folders/')) return 'Guides';
  if (name === 'name' && path.startsWith('/api/document')) return 'Welcome';
  if (name === 'url' && path.startsWith('/api/webhooks/')) return 'https://hooks.example.com/persona';
  return EXAMPLE_VALUES[name] ?? name;
}

function anchor(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+$/, '');
}

function generatedNote(): string {
  return '<!-- Generated from /openapi.json by `npm run docs:api`; edit scripts/api-docs.ts or the route descriptions, not this file. -->';
}

export const API_DOCS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/api');

/** The service's document: a test app over its own Redis, asked for /openapi.json. */
async function main() {
  const { mkdir } = await import('node:fs/promises');
  const { startTestApp } = await import('../test/support/test-app');
  const app = await startTestApp();
  try {
    const document = (await (await fetch(`${app.url}/openapi.json`)).json()) as Json;
    await mkdir(API_DOCS_DIR, { recursive: true });
    for (const [file, text] of Object.entries(renderApiPages(document))) await writeFile(path.join(API_DOCS_DIR, file), text);
    console.log(`docs/api: ${Object.keys(renderApiPages(document)).join(', ')}`);
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

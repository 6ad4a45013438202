import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md, enforced: each part of `src` may import only the parts
 * listed for it. A part is a top-level folder of `src`, or a top-level file (the composition
 * roots). `type` marks parts that may be imported for types only (`import type`).
 */
const ALLOWED: Record<string, { code: string[]; types?: string[] }> = {
  // Composition roots: they wire everything together.
  'main.ts': { code: ['*'] },
  'app.ts': { code: ['*'] },
  'services.ts': { code: ['*'] },
  'platform.ts': { code: ['auth', 'config', 'events', 'logger.ts', 'observability', 'queues', 'store'] },
  'logger.ts': { code: ['config'] },
  config: { code: [] },
  // Metrics and the request context: every layer may count, and it imports nothing of ours.
  observability: { code: [] },
  cli: { code: ['auth', 'config', 'store'] },
  // Machinery under the domain.
  store: { code: ['config', 'observability'] },
  events: { code: ['observability', 'store'] },
  queues: { code: ['domain', 'observability'] },
  auth: { code: ['domain', 'events', 'store'] },
  // The domain reaches engines only through ports it declares itself; of config, it reads the
  // boolean words that forms share with the environment.
  domain: { code: ['auth', 'config', 'events', 'queues', 'store'] },
  engines: { code: ['domain', 'observability'] },
  workers: { code: ['domain', 'engines', 'observability', 'queues', 'store'], types: ['logger.ts', 'platform.ts', 'services.ts'] },
  // Doors: they translate, and never touch Redis, queues, engines or each other.
  // The transport also answers readiness and classifies Redis failures, so it may see the store.
  http: { code: ['auth', 'config', 'domain', 'observability', 'resolvers', 'store'], types: ['events', 'platform.ts', 'services.ts'] },
  rest: { code: ['auth', 'domain', 'http'], types: ['services.ts'] },
  resolvers: { code: ['auth', 'domain'], types: ['services.ts', 'store'] },
  schema: { code: ['auth', 'domain', 'http', 'resolvers'], types: ['store'] },
  // Queue administration: an admin-only door onto the BullMQ queues themselves.
  admin: { code: ['auth', 'domain', 'queues'] },
};

const SRC = resolve(__dirname, '../../src');

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function partOf(file: string): string {
  return relative(SRC, file).split('/')[0]!;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => {
    const target = resolve(dirname(file), match[2]!);
    const to = existsSync(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts');
    return { from: file, to, typeOnly: Boolean(match[1]) };
  });
}

const files = sourceFiles(SRC);
const imports = files.flatMap(importsOf);

describe('the import direction of src', () => {
  it('knows every part of src', () => {
    const unknown = [...new Set(files.map(partOf))].filter((part) => !(part in ALLOWED));
    expect(unknown).toEqual([]);
  });

  it('has each part import only the parts its layer allows', () => {
    const violations = imports.flatMap(({ from, to, typeOnly }) => {
      const source = partOf(from);
      const target = partOf(to);
      if (source === target) return [];
      const rule = ALLOWED[source]!;
      if (rule.code.includes('*') || rule.code.includes(target)) return [];
      if (typeOnly && rule.types?.includes(target)) return [];
      return [`${relative(SRC, from)} -> ${relative(SRC, to)}${typeOnly ? ' (type)' : ''}`];
    });
    expect(violations).toEqual([]);
  });

  it('has no import cycle between files', () => {
    const edges = new Map<string, string[]>();
    for (const { from, to, typeOnly } of imports) if (!typeOnly) edges.set(from, [...(edges.get(from) ?? []), to]);
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((each) => relative(SRC, each)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

import { LAYERS, layerTable } from './layers';
import { files, imports, partOf, ROOT, SRC } from './sources';

const ALLOWED = LAYERS;

describe('the import direction of src and the console', () => {
  it('knows every part', () => {
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
      return [`${relative(ROOT, from)} -> ${relative(ROOT, to)}${typeOnly ? ' (type)' : ''}`];
    });
    expect(violations).toEqual([]);
  });

  it('has other parts reach a part with an entry through that file only', () => {
    const around = imports.flatMap(({ from, to }) => {
      const target = partOf(to);
      const entry = LAYERS[target]?.entry;
      if (!entry || partOf(from) === target || to === join(ROOT, entry)) return [];
      return [`${relative(ROOT, from)} -> ${relative(ROOT, to)}`];
    });
    expect(around).toEqual([]);
  });

  it('keeps the doors off Redis, the queues and the engines, in code and in types', () => {
    for (const door of ['rest', 'schema', 'resolvers']) {
      const reach = [...LAYERS[door]!.code, ...(LAYERS[door]!.types ?? [])];
      for (const below of ['store', 'queues', 'engines', 'platform.ts', 'services.ts']) expect(reach, door).not.toContain(below);
    }
  });

  it('has the domain queue work in one way: only a `*.jobs.ts` file uses a queue', () => {
    // Code, not types: a queue's payload type is the domain's to share. `*.queues.ts` define the queues.
    const queueing = imports
      .filter(({ from, to, typeOnly }) => partOf(from) === 'domain' && !typeOnly && (partOf(to) === 'queues' || to.endsWith('.queues.ts')))
      .map(({ from }) => relative(SRC, from))
      .filter((file) => !/\.(jobs|queues)\.ts$/.test(file) && file !== 'domain/shared/queued-work.ts');
    expect([...new Set(queueing)]).toEqual([]);
  });

  it('defines the queues in the domain, beside the jobs of the records that wait in them', () => {
    const queueFiles = files.map((file) => relative(SRC, file)).filter((file) => file.endsWith('.queues.ts'));
    expect(queueFiles.filter((file) => !file.startsWith('domain/'))).toEqual([]);
    expect(queueFiles.filter((file) => !files.some((other) => dirname(other) === join(SRC, dirname(file)) && other.endsWith('.jobs.ts')))).toEqual([]);
  });

  it('has no import cycle between files', () => {
    const edges = new Map<string, string[]>();
    for (const { from, to, typeOnly } of imports) if (!typeOnly) edges.set(from, [...(edges.get(from) ?? []), to]);
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((each) => relative(ROOT, each)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('has no import cycle between parts, types included, and the table allows none but through a composition root', () => {
    const edges = new Map<string, Set<string>>();
    const edge = (source: string, target: string) => source !== target && edges.set(source, (edges.get(source) ?? new Set()).add(target));
    for (const { from, to } of imports) edge(partOf(from), partOf(to));
    for (const [part, layer] of Object.entries(LAYERS)) for (const target of [...layer.code, ...(layer.types ?? [])]) if (target !== '*') edge(part, target);
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...(edges.get(from) ?? [])].some((next) => next === to || (!seen.has(next) && seen.add(next) && reaches(next, to, seen)));
    const cycles = [...edges].flatMap(([source, targets]) =>
      [...targets].filter((target) => reaches(target, source)).map((target) => `${source} -> ${target}`),
    );
    expect(cycles).toEqual([]);
  });

  it('is the table docs/architecture.md shows (UPDATE_DOCS=1 rewrites it)', () => {
    const doc = resolve(__dirname, '../../docs/architecture.md');
    const text = readFileSync(doc, 'utf8');
    const [before, rest] = text.split('<!-- layers:start -->\n');
    const after = rest?.split('<!-- layers:end -->')[1];
    if (before === undefined || after === undefined) throw new Error('docs/architecture.md has no <!-- layers:start --> ... <!-- layers:end --> section');
    const wanted = `${before}<!-- layers:start -->\n${layerTable()}<!-- layers:end -->${after}`;
    if (process.env.UPDATE_DOCS === '1') writeFileSync(doc, wanted);
    else expect(text).toBe(wanted);
  });
});

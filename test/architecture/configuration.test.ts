import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/config';
import { files, imports, partOf, ROOT, SRC } from './sources';

/**
 * The rooms that read configuration (docs/architecture.md, "Configuration"): the configuration
 * itself and the composition roots, which hand each room deep inside the values it needs.
 */
const READS_CONFIGURATION = new Set(['config', 'main.ts', 'app.ts', 'services.ts', 'platform.ts', 'cli']);

/**
 * Files deep inside that touch `process.env` for something other than the service's settings,
 * and why.
 */
const ENVIRONMENT_NOT_SETTINGS: Record<string, string> = {
  'engines/digitize/parser-process.ts': "hands Node's own variables (PATH, TMPDIR, NODE_ENV) on to the parser processes it starts",
  'store/chunk-index.ts': "sets LanceDB's own variables before it loads",
  'http/graphql/ws/server.ts': "reads NODE_ENV as graphql-ws's own server does, so that the two close alike",
};

const CONFIG_MODULE = join(SRC, 'config/config.ts');
const KEYS = new Set(Object.keys(configSchema.shape));

const deepFiles = files.filter((file) => file.startsWith(`${SRC}/`) && !READS_CONFIGURATION.has(partOf(file)));

/** Where a file reads a configuration key by name or reads the environment, as `line: text`. */
function readsIn(file: string): { keys: string[]; environment: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const keys: string[] = [];
  const environment: string[] = [];
  const at = (node: ts.Node) => `${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`;
  const visit = (node: ts.Node) => {
    // `config.MAX_UPLOAD_MB`, `config['MAX_UPLOAD_MB']`, `const { MAX_UPLOAD_MB } = config`.
    if (ts.isPropertyAccessExpression(node) && KEYS.has(node.name.text)) keys.push(at(node));
    if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && KEYS.has(node.argumentExpression.text)) keys.push(at(node));
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const name = node.propertyName ?? node.name;
      if ((ts.isIdentifier(name) || ts.isStringLiteralLike(name)) && KEYS.has(name.text)) keys.push(at(node));
    }
    // The whole configuration, taken off the platform (`platform.config`, `const { config } = platform`).
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'config' && /\bplatform$/.test(node.expression.getText())) {
      if (!(ts.isPropertyAccessExpression(node.parent) && KEYS.has(node.parent.name.text))) keys.push(at(node));
    }
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer && /\bplatform$/.test(node.initializer.getText())) {
      for (const element of node.name.elements) if ((element.propertyName ?? element.name).getText() === 'config') keys.push(at(element));
    }
    if (ts.isPropertyAccessExpression(node) && node.getText() === 'process.env') environment.push(at(node.parent));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { keys, environment };
}

const reads = new Map(deepFiles.map((file) => [relative(SRC, file), readsIn(file)]));

describe('configuration, read at the root and handed down', () => {
  it('is imported by the rooms that read it only, not even for a type', () => {
    const importers = imports.filter(({ from, to }) => to === CONFIG_MODULE && !READS_CONFIGURATION.has(partOf(from))).map(({ from }) => relative(ROOT, from));
    expect(importers).toEqual([]);
  });

  it('is read by key nowhere deep inside: those rooms take values as arguments', () => {
    const found = [...reads].flatMap(([file, { keys }]) => keys.map((read) => `${file}:${read}`));
    expect(found).toEqual([]);
  });

  it('comes from the environment through src/config only', () => {
    const found = [...reads].flatMap(([file, { environment }]) => (file in ENVIRONMENT_NOT_SETTINGS ? [] : environment.map((read) => `${file}:${read}`)));
    expect(found).toEqual([]);
  });

  it('lists no exception that has become needless', () => {
    expect(Object.keys(ENVIRONMENT_NOT_SETTINGS).filter((file) => (reads.get(file)?.environment.length ?? 0) === 0)).toEqual([]);
  });
});

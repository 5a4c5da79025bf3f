// Project rules the stock rules cannot express.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

function area(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'widgets' && rel.length > 2) return { kind: 'widget', name: rel[1] };
  if (rel[0] === 'shared') return { kind: 'shared' };
  return { kind: 'other' };
}

/** A widget never imports another widget, and shared never imports a widget (architecture brief §1). */
const noCrossWidgetImport = {
  meta: {
    type: 'problem',
    docs: { description: 'widgets may not import each other; shared may not import widgets' },
    messages: {
      crossWidget: 'Widget "{{from}}" may not import widget "{{to}}": go through @salon/shared (the bus) instead.',
      sharedToWidget: '@salon/shared may not import a widget ("{{to}}").',
      deepShared: 'Import @salon/shared through its package name, not a relative path into shared/.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = area(file);
    function check(node, source) {
      if (typeof source !== 'string') return;
      let target = null;
      if (source.startsWith('.')) target = area(path.resolve(path.dirname(file), source, 'x'));
      else if (source.startsWith('widgets/')) target = { kind: 'widget', name: source.split('/')[1] };
      if (!target) return;
      if (from.kind === 'widget' && target.kind === 'widget' && target.name !== from.name)
        context.report({ node, messageId: 'crossWidget', data: { from: from.name, to: target.name } });
      if (from.kind === 'shared' && target.kind === 'widget')
        context.report({ node, messageId: 'sharedToWidget', data: { to: target.name } });
      if (from.kind === 'widget' && target.kind === 'shared') context.report({ node, messageId: 'deepShared' });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};

const sharedDir = path.join(root, 'shared');
const sharedExports = JSON.parse(fs.readFileSync(path.join(sharedDir, 'package.json'), 'utf8')).exports;
/** Every specifier `@salon/shared` answers: the keys of its exports map. */
export const SHARED_SPECIFIERS = new Set(Object.keys(sharedExports).map((key) => `@salon/shared${key.slice(1)}`));
/** The folder of each entry (`shared/chat`, `shared/live/socket`; `shared/contracts` and `shared/test` for theirs), deepest first. */
export const ENTRY_FOLDERS = [...new Set(Object.values(sharedExports).map((file) => path.dirname(path.join(sharedDir, file))))].sort(
  (a, b) => b.length - a.length,
);

/** The entry folder a file of shared/ belongs to: the deepest one holding it. */
function entryFolderOf(file) {
  return ENTRY_FOLDERS.find((folder) => file.startsWith(folder + path.sep)) ?? null;
}

function importVisitors(check) {
  return {
    ImportDeclaration: (node) =>
      check(
        node,
        node.source.value,
        node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
      ),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    ExportNamedDeclaration: (node) =>
      node.source &&
      check(
        node,
        node.source.value,
        node.exportKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.exportKind === 'type')),
      ),
    ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
  };
}

/**
 * `@salon/shared` is imported by its entries only (the keys of shared/package.json's exports map), never by a path
 * into one (`@salon/shared/bus/chatRules`) nor by a relative path from outside shared/; inside shared/, a relative
 * import stays in its entry's folder (another entry is imported by its name, so each entry is bundled once).
 */
const sharedEntries = {
  meta: {
    type: 'problem',
    docs: { description: '@salon/shared is imported through the entries of its exports map; relative imports stay inside their entry' },
    messages: {
      notAnEntry: '"{{source}}" is not an entry of @salon/shared (shared/package.json "exports"): import one of its entries.',
      relativeIntoShared: 'Import @salon/shared through one of its entries, not a relative path into shared/.',
      leavesEntry: 'A relative import may not leave its entry folder ({{from}}): import "{{to}}" by its entry\'s name.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const inShared = file.startsWith(sharedDir + path.sep);
    return importVisitors((node, source) => {
      if (typeof source !== 'string') return;
      if (source === '@salon/shared' || source.startsWith('@salon/shared/')) {
        if (!SHARED_SPECIFIERS.has(source)) context.report({ node, messageId: 'notAnEntry', data: { source } });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const targetInShared = target.startsWith(sharedDir + path.sep);
      if (!inShared) {
        if (targetInShared) context.report({ node, messageId: 'relativeIntoShared' });
        return;
      }
      const from = entryFolderOf(file);
      const resolved =
        ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx']
          .map((ext) => target + ext)
          .find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? target;
      if (from && entryFolderOf(resolved) !== from)
        context.report({ node, messageId: 'leavesEntry', data: { from: path.relative(root, from), to: path.relative(root, resolved) } });
    });
  },
};

const contractsDir = path.join(sharedDir, 'contracts');
const typeboxContracts = new Map();
/** Whether a contract module holds TypeBox schemas (values that would bundle TypeBox into the browser). */
function holdsSchemas(name) {
  if (!typeboxContracts.has(name)) {
    const file = path.join(contractsDir, `${name}.ts`);
    typeboxContracts.set(name, fs.existsSync(file) && /from '@sinclair\/typebox'/.test(fs.readFileSync(file, 'utf8')));
  }
  return typeboxContracts.get(name);
}

/**
 * The contracts (`@salon/shared/contracts/*`) are the server's values and the browser's types: widgets import them with
 * `import type` only, and so does the rest of the browser's code for a contract holding TypeBox schemas (a value import
 * would bundle TypeBox). Options: `{all: true}` for every contract (the widgets), else the schema-holding ones.
 */
const contractsAsTypes = {
  meta: {
    type: 'problem',
    docs: { description: 'the browser imports the contracts as types only' },
    messages: { typeOnly: 'Import "{{source}}" with `import type` here: {{why}}.' },
    schema: [{ type: 'object', properties: { all: { type: 'boolean' } }, additionalProperties: false }],
  },
  create(context) {
    const all = context.options[0]?.all === true;
    return importVisitors((node, source, typeOnly) => {
      if (typeof source !== 'string' || !source.startsWith('@salon/shared/contracts/') || typeOnly) return;
      const name = source.slice('@salon/shared/contracts/'.length);
      if (all)
        context.report({
          node,
          messageId: 'typeOnly',
          data: { source, why: 'widgets take the contracts as types; their values come through the entries of @salon/shared' },
        });
      else if (holdsSchemas(name))
        context.report({ node, messageId: 'typeOnly', data: { source, why: 'it holds TypeBox schemas, which a value import bundles' } });
    });
  },
};

export default {
  rules: { 'no-cross-widget-import': noCrossWidgetImport, 'shared-entries': sharedEntries, 'contracts-as-types': contractsAsTypes },
};

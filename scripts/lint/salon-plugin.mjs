// Project rules the stock rules cannot express.
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
      if (from.kind === 'shared' && target.kind === 'widget') context.report({ node, messageId: 'sharedToWidget', data: { to: target.name } });
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

export default { rules: { 'no-cross-widget-import': noCrossWidgetImport } };

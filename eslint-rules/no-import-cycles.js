import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

/**
 * `local/no-import-cycles`: a file may not import (directly or through others) a file that imports it back.
 * Circles make the load order decide which module sees the other half-initialised, and they stop a domain
 * from being understood (or moved) on its own. Type-only imports count too: they tie the files together
 * just the same. Only relative imports are followed (ours; packages cannot import our files).
 *
 * Each lint run reads every reachable file's imports once (a regex over the text, cached), then a
 * depth-first search from each import looks for a way back to the file being linted.
 */
const importPattern =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const importsCache = new Map();

function resolveFile(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of extensions) if (fs.existsSync(base + ext)) return base + ext;
  return null; // a .css, .json or asset import: not a module of ours
}

function importsOf(file) {
  if (importsCache.has(file)) return importsCache.get(file);
  const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const found = [];
  for (const m of source.matchAll(importPattern)) {
    const target = resolveFile(file, m[1] ?? m[2]);
    if (target) found.push(target);
  }
  importsCache.set(file, found);
  return found;
}

/** A chain of files from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...trail, next]]);
  }
  return null;
}

export default {
  rules: {
    'no-import-cycles': {
      meta: {
        type: 'problem',
        docs: { description: 'Disallow import circles between our own modules' },
        schema: [],
      },
      create(context) {
        const file = path.resolve(context.filename);
        const check = (node) => {
          const specifier = node.source?.value;
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const target = resolveFile(file, specifier);
          if (!target) return;
          const trail = target === file ? [file] : pathBack(target, file);
          if (!trail) return;
          const names = [file, ...trail].map((f) => path.relative(process.cwd(), f));
          context.report({
            node,
            message: `Import circle: ${names.join(' -> ')}. Move what both need into a third module.`,
          });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

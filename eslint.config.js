import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Import boundaries (docs/decisions; ARCHITECTURE.md "Imports flow shared -> server and shared -> web"):
 * - production code may not import test-only code (anything under a testing/ folder);
 * - src/shared imports nothing from src/server or src/web; src/web and src/server do not import each other;
 * - a web feature (src/web/features/<name>) imports no other feature.
 * Circles and the server's domain order are dependency-cruiser's (.dependency-cruiser.cjs, in `npm run lint`).
 * One rule, @typescript-eslint/no-restricted-imports, whose options a later config block replaces rather than
 * merges, so every block below carries the full list for its files.
 */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];
const noTesting = {
  regex: '(^|/)testing(/|$)',
  message: 'Test-only code (fakes, fixtures) lives under testing/ folders: production code may not import it.',
};
const noServer = {
  regex: '^(\\.\\./)+server/|(^|/)src/server(/|$)',
  message: 'Only src/server imports src/server: share code through src/shared.',
};
const noWeb = {
  regex: '^(\\.\\./)+web/|(^|/)src/web(/|$)',
  message: 'Only src/web imports src/web: share code through src/shared.',
};
/** Zod's JIT is off under our CSP, so shared schemas take z from ./zod (docs/decisions/006). */
const zodThroughWrapper = {
  name: 'zod',
  message: "Import z from './zod' (JIT off under our CSP).",
  allowTypeImports: true,
};

/** Two blocks per area: its one-way rules for every file, and for production files no testing/ imports too. */
const area = (files, patterns, { ignores = [], paths = [] } = {}) => [
  { files, ignores, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }] } },
  {
    files,
    ignores: [...ignores, ...testFiles],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, noTesting], paths }] },
  },
];

/**
 * src/web/features/<name> may not import another feature: by name ('.../features/other/...'), or by
 * climbing out of its own folder into a sibling ('../other/...' from the feature's top folder,
 * '../../other/...' one folder down, and so on).
 */
const featuresDir = 'src/web/features';
const features = fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory());
const featureBlocks = features.flatMap(({ name }) => {
  const notThis = `(?!${name}/)[^./][^/]*/`;
  const otherFeature = (depth) => ({
    regex: `(^|/)features/${notThis}|^(\\.\\./){${depth + 1}}${notThis}`,
    message: 'A web feature may not import another feature: move what both need to src/web/components or lib.',
  });
  return [0, 1, 2, 3, 4].flatMap((depth) =>
    area([`${featuresDir}/${name}/${'*/'.repeat(depth)}*.{ts,tsx}`], [noServer, otherFeature(depth)]),
  );
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'src/server/db/migrations'] },
  js.configs.recommended,
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One function, one screen (issue 47): no function or React component in src/ over 200 lines. Tests may
    // keep a long describe block.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 200, skipBlankLines: true, skipComments: true }] },
  },
  ...area(['src/server/**/*.{ts,tsx}'], [noWeb]),
  ...area(['src/web/**/*.{ts,tsx}'], [noServer]),
  ...area(['src/shared/**/*.{ts,tsx}'], [noServer, noWeb]),
  ...area(['src/shared/contracts/**/*.ts'], [noServer, noWeb], {
    ignores: ['src/shared/contracts/zod.ts'],
    paths: [zodThroughWrapper],
  }),
  ...featureBlocks,
);

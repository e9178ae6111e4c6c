// `npm run lint`: ESLint over the worker, the export worker, the SPA, the tests and the scripts
// (part of `npm test`). JavaScript's and typescript-eslint's recommended rules, and the React
// hooks rules for the SPA and its component tests; type checking itself is tsc's. The rules turned
// off or narrowed below are idioms the code uses on purpose.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/.wrangler/', 'web/src/routeTree.gen.ts', 'web/public/vendor/', 'test-results/', 'tests/artifacts/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.serviceworker } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore names what is left out on purpose: a parameter a signature requires, a
      // property taken off an object by destructuring.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `{}` is Hono's "no input" type and the test of "every key optional" (`{} extends T`).
      '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }],
      // Chinese text writes the ideographic space (U+3000) in its strings and templates.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      // Rules for code the React Compiler compiles; the SPA is not compiled by it, and it resets state
      // from an effect when a route or prop changes and keeps the latest callback in a ref.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  {
    // One way to reach D1: drizzle. The binding's own prepare(sql) / batch belong in worker/src/db/
    // (drizzle's argument-less .prepare() of a built query is allowed everywhere).
    files: ['worker/src/**/*.ts', 'export-worker/src/**/*.ts'],
    ignores: ['worker/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare'][arguments.length>0]",
          message: 'Raw SQL through the D1 binding only in worker/src/db/: use the drizzle query builder (or a `sql` fragment where it cannot say it).',
        },
        {
          selector: "CallExpression[callee.property.name='batch'][callee.object.type='MemberExpression'][callee.object.property.name='DB']",
          message: "The D1 binding's batch only in worker/src/db/: use drizzle's db.batch.",
        },
        {
          selector: "CallExpression[callee.property.name='batch'][callee.object.name='d1']",
          message: "The D1 binding's batch only in worker/src/db/: use drizzle's db.batch.",
        },
        {
          selector: "MemberExpression[property.name='$client']",
          message: 'The D1 binding under a drizzle instance only in worker/src/db/.',
        },
      ],
    },
  },
  {
    // Answers of many shapes are read loosely in tests.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

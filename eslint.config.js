// Lint: typescript-eslint, react-hooks and jsx-a11y; plus the layout rules of
// DESIGN §4 (only src/data talks to storage and supabase-js). Feature-to-
// feature imports through index.ts only are checked by
// tests/unit/architecture.test.ts, which can resolve paths.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', '.cache', '.bench', 'coverage', 'test-results', 'playwright-report', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Storage lives in src/data: use its repositories (import from src/data).' },
            { name: '@supabase/supabase-js', message: 'Only src/data talks to supabase-js: use its repositories (import from src/data).' },
          ],
          patterns: [{ group: ['**/data/*', '!**/data/index'], message: 'Import src/data through its index.ts only.' }],
        },
      ],
    },
  },
);

import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'apps/server/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The browser bundle takes nothing but the API's type from the server (decision 015).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@app/server', '@app/server/*'], allowTypeImports: true }] },
      ],
    },
  },
  {
    // End-to-end files run in parallel, each worker against its own server.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='inject'][arguments.0.value=/^baseUrls?$/]",
          message: 'Each e2e worker has its own server: use baseUrl() from e2e/support/server.ts.',
        },
      ],
    },
  },
  {
    files: ['e2e/support/server.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Test helpers deal in loosely typed JSON answers on purpose.
    files: ['**/*.test.ts', '**/test-support/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

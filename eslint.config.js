import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { resolve as resolveTypeScriptImport } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = path.join(root, 'apps/web/src');
const serverRoutes = path.join(root, 'apps/server/src/routes');
const folders = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * How import-x finds the file an import leads to: TypeScript's own resolution, with both apps' tsconfig
 * (their `@/` aliases differ). Not the package's `createTypeScriptImportResolver`: when ESLint's `cwd` is
 * not the process's (a test linting from apps/web), version 4.4 reads its options again and builds one
 * resolver for both projects, and the web app's imports stop resolving. `resolve` reads them per call.
 */
const typeScriptImports = {
  interfaceVersion: 3,
  name: 'typescript-projects',
  resolve: (source, file) =>
    resolveTypeScriptImport(source, file, {
      project: [path.join(root, 'apps/web/tsconfig.json'), path.join(root, 'apps/server/tsconfig.json')],
      noWarnOnMultipleProjects: true,
    }),
};

/**
 * The layers of docs/architecture.md, as bulletproof-react enforces them: a
 * module may import only from the layers below it. Every folder counts, so a new
 * feature or route is covered the day it is created.
 *   app  ->  features  ->  components, lib  (features never import one another)
 *   server routes never import another route's folder.
 */
const architectureZones = [
  ...folders(path.join(web, 'features')).map((feature) => ({
    target: path.join(web, 'features', feature),
    from: path.join(web, 'features'),
    except: [`./${feature}`],
    message: 'Features never import one another: compose them in app/routes (docs/architecture.md, "Web app").',
  })),
  {
    target: path.join(web, 'features'),
    from: path.join(web, 'app'),
    message: 'Features never import the app layer.',
  },
  ...['components', 'lib'].map((layer) => ({
    target: path.join(web, layer),
    from: [path.join(web, 'features'), path.join(web, 'app')],
    message: `${layer}/ is shared by every feature, so it never imports features or the app layer.`,
  })),
  ...folders(serverRoutes).map((route) => ({
    target: path.join(serverRoutes, route),
    from: serverRoutes,
    except: [`./${route}`],
    message: 'A route never imports another route: move what both need to lib/ or middleware/.',
  })),
];

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
        {
          patterns: [{ group: ['@app/server', '@app/server/*'], allowTypeImports: true }],
          // Components link and navigate through one seam, which the entry of the
          // marketing pages and /auth supplies without a router (decisions 041, 043).
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink', 'Navigate', 'useNavigate', 'useLocation'],
              allowTypeImports: true,
              message: "Import it from '@/lib/app-navigation' (decisions 041, 043).",
            },
          ],
        },
      ],
    },
  },
  {
    // The recovery link's new-password form is shown only inside the SPA (/auth/callback);
    // its <Navigate> moves to the seam with the form's next change (decision 043).
    files: ['apps/web/src/features/auth/components/new-password-form.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@app/server', '@app/server/*'], allowTypeImports: true }],
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink', 'useNavigate', 'useLocation'],
              allowTypeImports: true,
              message: "Import it from '@/lib/app-navigation' (decision 041).",
            },
          ],
        },
      ],
    },
  },
  {
    // The seam's React Router side.
    files: ['apps/web/src/lib/router-navigation.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@app/server', '@app/server/*'], allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads the files an import leads to (needed to follow cycles through them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [typeScriptImports],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: architectureZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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

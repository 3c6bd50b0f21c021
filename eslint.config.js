import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Modules meet through services, policies and the graph facade, never through internals. */
const moduleBoundaries = [
  {
    group: ['../*/*.repository.ts'],
    allowTypeImports: true,
    message: "Use the other module's service (wired in app.ts), not its repository.",
  },
  {
    group: ['../graph/*', '!../graph/graph.service.ts'],
    allowTypeImports: true,
    message: 'Use the graph facade (graph.service.ts), not the engine internals.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify handlers and driver methods are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // A new event type, tab or action must be handled wherever its union is switched on.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // Modules meet through services, policies and the graph facade (graph.service.ts), never
    // through another module's repository or the graph engine's internals.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/graph/**', '**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: moduleBoundaries,
        },
      ],
    },
  },
  {
    // Routes are adapters: they call services, never SQL (the block after the modules' one,
    // so its list, which includes theirs, is the one in force for routes). (Auth's flow state is the exception
    // until its service is split out: the OpenID round trip keeps its rows in the route.)
    files: ['apps/server/src/**/*.routes.ts'],
    ignores: ['apps/server/src/modules/auth/auth.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.repository.ts', './*.repository.ts'],
              message: 'Routes call services; repositories are wired in app.ts.',
            },
            ...moduleBoundaries,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One feature never reaches into another feature's files: on the server it calls the other
// feature's service through its own index or composition in app.ts; on the web, screens that mix
// features are composed in src/app. (ARCHITECTURE.md, 'Layout'.)
const crossFeature = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          // The last entry lets a feature's own screens one folder deeper (fees' components/admin/)
          // reach their feature's api/; from a feature's components/ it would name no folder.
          group: ['../../features/*/**', '../*/repo', '../*/components/*', '../*/api/*', '../*/hooks/*', '!../../api/*'],
          message: 'Import another feature only through src/app composition (web) or its service (server).',
        },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-prerender/**', '**/.test-server-*/**', '**/node_modules/**', 'data/**', '**/test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The service worker runs in its own global scope; the build fills in its shell list.
    files: ['apps/web/service-worker/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, __ACADEMY_SW_SHELL__: 'readonly' } },
  },
  { files: ['apps/web/src/features/**', 'apps/server/src/features/**'], rules: crossFeature },
);

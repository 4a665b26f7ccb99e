// @ts-check
/**
 * ESLint for the whole project, run by `npm run lint` (and so by `npm test` and CI) with
 * `--max-warnings 0`. TypeScript and TSX are linted with type information (typescript-eslint's
 * recommended type-checked rules: floating promises, promises passed where a callback is expected,
 * unsafe `any` flows, needless assertions); `.astro` files with eslint-plugin-astro's rules, their
 * types being checked by `astro check`. Formatting is Prettier's (`npm run format:check`), so
 * no rule here is about layout (eslint-config-prettier turns those off).
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const USE_ID =
  'Islands are server-rendered without their id prefix (astro.config.mjs): derive ids from props (a block id) instead of useId.';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.build-tmp*/',
      '.cache/',
      '.data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'public/',
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  ...astro.configs.recommended,
  { files: ['**/*.astro', '**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    rules: {
      // An async function that satisfies a Promise-returning signature stays async without an
      // await, so that anything it throws reaches the caller as a rejection.
      '@typescript-eslint/require-await': 'off',
      // `const { secret, ...rest } = x` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { ignoreRestSiblings: true, argsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Input checks match control characters on purpose: to refuse or strip them.
      'no-control-regex': 'off',
      // Formik's helpers and field props are plain closures, destructured as its documentation
      // does; class methods keep their `this` through the compiler's own checks.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The hooks rules, in components and in the use-*.ts hooks: called unconditionally, and effects
    // that name what they read. The React Compiler's rules are left out: the islands are not
    // compiled with it.
    files: ['**/*.tsx', 'src/**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Islands are server-rendered with renderToString (astro.config.mjs), which does not get the
      // island's id prefix: an id from useId would differ between the server's markup and hydration.
      'no-restricted-imports': ['error', { paths: [{ name: 'react', importNames: ['useId'], message: USE_ID }] }],
      'no-restricted-properties': ['error', { object: 'React', property: 'useId', message: USE_ID }],
    },
  },
  {
    // Form values are what a visitor entered: text, numbers, booleans or lists of text
    // (`Values`, src/forms/island/values.ts); String() gives that text as the visitor gave it.
    files: ['src/forms/**', 'src/domain/booking-hours.ts'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    // Tests read JSON answers and rows as `any` and state their shape with expect(); the unsafe-any
    // rules would only make them cast first.
    files: ['tests/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);

// Lint, including the layer rules of DESIGN.md §3: each restriction says why it exists.
import tseslint from 'typescript-eslint';

const transports = ['koa', 'koa-body', '@koa/router', 'graphql', 'graphql-http', 'graphql-ws', 'graphql-ws/*', 'ws'];
const database = ['kysely', 'kysely/*', 'pg'];

const scripts = { group: ['**/scripts/**'], message: 'scripts/ is build-time code; src/ never imports it (DESIGN.md §3).' };

// Each src file matches exactly one of the blocks below: flat config replaces, not merges,
// the options of a rule configured twice.
const restrict = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }, scripts] }],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'generated/**', '.data/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: restrict(
      [...transports, '**/http/**', '**/graphql/**', '**/data-layer/**', ...database, '**/db/**'],
      'Domain code is transport-agnostic and reaches data only through src/access (DESIGN.md §3).',
    ),
  },
  {
    files: ['src/http/**/*.ts', 'src/graphql/**/*.ts', 'src/data-layer/**/*.ts'],
    rules: restrict([...database, '**/db/**'], 'Transports never touch the database or raw Kysely; call a domain service (DESIGN.md §3).'),
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/access/**', 'src/stores/**', 'src/db/**', 'src/http/**', 'src/graphql/**', 'src/data-layer/**', 'src/domain/**'],
    rules: restrict(database, 'Only src/access, the stores (src/stores) and src/db use Kysely or pg, so no query can skip the access rules (docs/architecture.md#layers).'),
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/config, the only reader of process.env (DESIGN.md §3).' }],
    },
  },
  {
    files: ['src/access/**/*.ts', 'src/stores/**/*.ts', 'src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [scripts] }] },
  },
);

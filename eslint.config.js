import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs
      .readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

// Dependencies point one way (docs/architecture.md, "Packages").
const boundaryZones = [
  {
    target: 'packages/shared',
    from: 'apps',
    message: 'packages/shared não importa nada dos apps.',
  },
  { target: 'apps/web', from: 'apps/server', message: 'A web não importa código do servidor.' },
  { target: 'apps/server', from: 'apps/web', message: 'O servidor não importa código da web.' },
  {
    target: 'apps/server/src',
    from: 'apps/server/test',
    message: 'Código de produção não importa testes.',
  },
  // Web: app (router, layouts, app/routes) -> features -> domain -> components/ui + lib.
  ...webFeatures.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message:
      'Uma feature não importa outra; mova o que é comum para domain/ ou componha as features em app/routes/.',
  })),
  {
    target: 'apps/web/src/features',
    from: 'apps/web/src/app',
    message: 'Features não importam app/ (app -> features -> domain -> components/ui + lib).',
  },
  {
    target: 'apps/web/src/domain',
    from: ['apps/web/src/app', 'apps/web/src/features'],
    message:
      'domain/ não importa features/ nem app/ (app -> features -> domain -> components/ui + lib).',
  },
  {
    target: ['apps/web/src/components', 'apps/web/src/lib'],
    from: ['apps/web/src/app', 'apps/web/src/features', 'apps/web/src/domain'],
    message:
      'components/ e lib/ não importam app/, features/ nem domain/: só primitivos e infraestrutura.',
  },
  {
    target: 'apps/server/src/modules/**/*.repo.ts',
    from: 'apps/server/src/modules/**/*.{routes,service}.ts',
    message: 'Repositórios só fazem consultas: routes -> service -> repo -> db.',
  },
  {
    target: 'apps/server/src/modules/**/*.service.ts',
    from: 'apps/server/src/modules/**/*.routes.ts',
    message: 'Serviços não conhecem rotas: routes -> service -> repo -> db.',
  },
  {
    target: ['apps/server/src/db', 'apps/server/src/lib'],
    from: 'apps/server/src/modules',
    message: 'db/ e lib/ não dependem de módulos.',
  },
];

/** Another folder of an app's src is `@/…` (its tsconfig.json `paths`): `../x` at most. */
function noDeepRelativeImports(srcFolder) {
  return {
    patterns: [
      {
        regex: '^\\.\\./\\.\\./',
        message: `Use '@/…' (${srcFolder}) em vez de subir mais de uma pasta.`,
      },
    ],
  };
}

const SQL_IN_REPOS = 'SQL só em *.repo.ts: mova a consulta para o repositório do módulo.';

/**
 * The server's import rules: `@/…` past one folder up; with `module`, a file directly in a module
 * reaches other modules only as '@/modules/<name>'; without `sql`, no drizzle-orm (repositories only).
 */
function serverImports({ sql = true, module = false } = {}) {
  const { patterns } = noDeepRelativeImports('apps/server/src');
  return {
    patterns: module
      ? [
          {
            regex: '^\\.\\./',
            message: "Outro módulo é importado como '@/modules/<nome>' (o seu index.ts).",
          },
        ]
      : patterns,
    paths: sql ? [] : [{ name: 'drizzle-orm', message: SQL_IN_REPOS }],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-default-export': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y-x': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // eslint-plugin-jsx-a11y's recommended rules, from its ESLint 10 fork.
      ...jsxA11y.configs.recommended.rules,
      // A scrollable box is focusable so a keyboard can scroll it (axe: scrollable-region-focusable);
      // it is a labelled region (or a tab panel, or the zoomable figure's group).
      'jsx-a11y-x/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region', 'group'], allowExpressionValues: true },
      ],
      // Radio cards name their option from a constant, two elements deep.
      'jsx-a11y-x/label-has-associated-control': ['error', { depth: 3 }],
      'no-restricted-imports': ['error', noDeepRelativeImports('apps/web/src')],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noDeepRelativeImports('apps/server/src')] },
  },
  {
    // SQL lives in repositories (docs/architecture.md, "Modules"): the query builder, `sql`
    // templates and drizzle-orm only in modules/**/*.repo.ts and db/.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.repo.ts', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql']",
          message: SQL_IN_REPOS,
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][callee.object.name=/^(db|tx|trx|database)$/]',
          message: SQL_IN_REPOS,
        },
      ],
      'no-restricted-imports': ['error', serverImports({ sql: false })],
    },
  },
  {
    // Another module is imported one way, through its face: '@/modules/<name>' (its index.ts;
    // .dependency-cruiser.cjs checks that nothing else of it is imported).
    files: ['apps/server/src/modules/*/*.ts'],
    ignores: ['apps/server/src/modules/*/*.repo.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ sql: false, module: true })] },
  },
  {
    files: ['apps/server/src/modules/*/*.repo.ts', 'apps/server/src/modules/*/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ sql: true, module: true })] },
  },
  {
    // Tools that need a default export; lazy-loaded route modules.
    files: [
      '**/*.config.{ts,js,mjs}',
      'eslint.config.js',
      'e2e/support/global-setup.ts',
      'apps/web/src/**/*.page.tsx',
      'apps/web/src/**/pages/**/*.tsx',
      'apps/web/src/app/routes/**/*-page.tsx',
    ],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
);

import { readdirSync, readFileSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FRONTEND = 'frontend/src';
const AREAS = ['admin', 'public'];
/** Folders of an area that compose its features instead of being one: the admin frame and its tab list. */
const COMPOSERS = ['admin/shell'];
const features = AREAS.flatMap((area) =>
  readdirSync(`${FRONTEND}/${area}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${area}/${entry.name}`),
);

/**
 * The layering of docs/architecture.md#frontend-layers: a feature imports only itself, shared/
 * and the contract; shared/ imports no feature; the contract imports nothing else; the server
 * never imports the frontend, and the frontend reads the server only through the contract.
 */
const layerZones = [
  ...features
    .filter((feature) => !COMPOSERS.includes(feature))
    .map((feature) => {
      const [area, name] = feature.split('/');
      // `except` is relative to `from`: the feature's own folder inside its area.
      return {
        target: `${FRONTEND}/${feature}`,
        from: `${FRONTEND}/${area}`,
        except: [`./${name}`],
        message: 'A feature never imports another feature: move what both need into shared/.',
      };
    }),
  ...features.map((feature) => {
    const [area] = feature.split('/');
    return {
      target: `${FRONTEND}/${feature}`,
      from: `${FRONTEND}/${AREAS.find((other) => other !== area)}`,
      message: 'The public site and the admin app share code only through shared/.',
    };
  }),
  {
    target: `${FRONTEND}/shared`,
    from: AREAS.map((area) => `${FRONTEND}/${area}`),
    message: 'shared/ never imports a feature.',
  },
  {
    target: ['src', 'migrations'],
    from: 'frontend',
    message: 'Server code never imports the frontend; shared types go in src/contract.',
  },
  {
    target: [...AREAS, 'shared', 'app'].map((layer) => `${FRONTEND}/${layer}`),
    from: 'src',
    except: ['./contract'],
    message: 'The frontend reads the server only through src/contract.',
  },
];

const SERVER_MODULES = 'src/modules';
const modules = readdirSync(SERVER_MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const publicFace = (module) => `./${module}/index.ts`;

/**
 * The boundaries of docs/architecture.md#modules: a module reaches another only through its
 * index.ts and never through its own; the composition root and the CLI likewise; the platform and
 * the configuration know no module.
 */
const boundaryZones = [
  ...modules.map((module) => ({
    target: `${SERVER_MODULES}/${module}`,
    from: SERVER_MODULES,
    except: [`./${module}`, ...modules.filter((other) => other !== module).map(publicFace)],
    message: 'Import another module only through its index.ts (export there what it may use).',
  })),
  ...modules.map((module) => ({
    target: `${SERVER_MODULES}/${module}`,
    from: `${SERVER_MODULES}/${module}/index.ts`,
    message: 'Inside a module import its files directly: index.ts is its face to the others.',
  })),
  {
    target: ['src/cli', 'src/*.ts'],
    from: SERVER_MODULES,
    except: modules.map(publicFace),
    message: 'Import a module only through its index.ts.',
  },
  {
    target: ['src/platform', 'src/config'],
    from: SERVER_MODULES,
    message: 'The platform serves the modules and never imports one.',
  },
];

const MODULE_IMPORT = /(?:from|import)\s*\(?\s*'#src\/modules\/([^/']+)\//g;
const moduleOfFile = (filename) => /[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(filename)?.[1];

/** Which modules each module imports, type imports included, read from its source files. */
const moduleDependencies = new Map(
  modules.map((module) => {
    const files = readdirSync(`${SERVER_MODULES}/${module}`, { recursive: true }).filter((file) =>
      String(file).endsWith('.ts'),
    );
    const imported = new Set();
    for (const file of files) {
      const source = readFileSync(`${SERVER_MODULES}/${module}/${file}`, 'utf8');
      for (const [, other] of source.matchAll(MODULE_IMPORT))
        if (other !== module) imported.add(other);
    }
    return [module, imported];
  }),
);

/** The way back from `from` to `to` through the module graph, if there is one. */
function pathBetween(from, to, seen = new Set()) {
  if (from === to) return [to];
  seen.add(from);
  for (const next of moduleDependencies.get(from) ?? []) {
    if (seen.has(next)) continue;
    const rest = pathBetween(next, to, seen);
    if (rest) return [from, ...rest];
  }
  return undefined;
}

/**
 * import-x/no-cycle follows files and skips type imports; this rule fails any import between
 * modules, type-only ones included, that closes a cycle in the module graph.
 */
const noModuleCycle = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cycle: 'Modules depend in a cycle: {{cycle}}.' },
  },
  create(context) {
    const module = moduleOfFile(context.filename);
    if (!module) return {};
    const check = (node) => {
      const other = node.source && /^#src\/modules\/([^/]+)\//.exec(node.source.value)?.[1];
      if (!other || other === module) return;
      const back = pathBetween(other, module);
      if (back)
        context.report({
          node,
          messageId: 'cycle',
          data: { cycle: [module, ...back].join(' → ') },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Nest's HTTP exceptions, which only the HTTP layer throws. */
const HTTP_EXCEPTIONS = [
  'HttpException',
  'BadRequestException',
  'UnauthorizedException',
  'ForbiddenException',
  'NotFoundException',
  'ConflictException',
  'PayloadTooLargeException',
  'UnprocessableEntityException',
  'ServiceUnavailableException',
  'InternalServerErrorException',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'frontend/dist/**',
      'frontend/dist-server/**',
      'data/**',
      'node_modules/**',
      'frontend/vite.config.ts',
      'test/jest.config.js',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'migrations/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, modules: { rules: { 'no-cycle': noModuleCycle } } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...boundaryZones] }],
      'modules/no-cycle': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'Use the #src/ (server) or @/ (frontend) alias.' },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'frontend/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    // A refusal is a `Refusal` (src/platform/domain/refusal.ts); only the HTTP layer speaks in
    // HTTP exceptions (docs/architecture.md).
    files: ['src/**/*.ts'],
    ignores: ['src/**/http/**', 'src/**/*.controller.ts', 'src/**/*.spec.ts', 'src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'Use the #src/ (server) or @/ (frontend) alias.' },
          ],
          paths: [
            {
              name: '@nestjs/common',
              importNames: HTTP_EXCEPTIONS,
              message: 'Throw a Refusal; HTTP exceptions belong in http/ and controllers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message: 'The contract is pure TypeScript: it imports only its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['frontend/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog moves focus into itself (MUI's autoFocus on its first field); raw elements may not.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: {
      globals: { Buffer: 'readonly', console: 'readonly', process: 'readonly', URL: 'readonly' },
    },
  },
);

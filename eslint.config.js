// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const featuresDir = path.join(root, 'apps/web/src/features');

/**
 * Import boundaries (CONVENTIONS.md rules 1 and 3): a web feature never imports another feature,
 * the web app never imports API source, and packages never import apps. In the API, a module
 * reaches another module only through its service, providers only through their ports (the
 * sandbox module alone drives the sandbox adapters), and money/ and platform/ never reach up
 * into modules. Resolved on the file system, so relative and aliased paths are both caught.
 */
const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.resolve(context.filename);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      const reason = crossesBoundary(file, target);
      if (reason) context.report({ node, message: reason });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const apiDir = path.join(root, 'apps/api/src');

/** The top folder under apps/api/src and, for modules/ and providers/, the one below it. */
function apiPlace(candidate) {
  if (!candidate.startsWith(apiDir + path.sep)) return undefined;
  const [layer, unit] = path.relative(apiDir, candidate).split(path.sep);
  return { layer, unit };
}

function crossesApiBoundary(file, target) {
  const from = apiPlace(file);
  const to = apiPlace(target);
  if (!from || !to) return undefined;
  const name = path.basename(target);
  if ((from.layer === 'money' || from.layer === 'platform') && to.layer === 'modules') {
    return `${from.layer}/ must not import a module; modules call ${from.layer}/, not the other way`;
  }
  if (from.layer === 'platform' && to.layer === 'money') {
    return 'platform/ must not import money/; it sits below the money core';
  }
  if (from.layer === 'modules' && to.layer === 'modules' && from.unit !== to.unit) {
    if (!name.endsWith('.service.ts')) {
      return `Module "${from.unit}" reaches module "${to.unit}" only through its service (${to.unit}/*.service.ts)`;
    }
  }
  if ((from.layer === 'modules' || from.layer === 'money') && to.layer === 'providers') {
    const sandboxDriver = from.layer === 'modules' && from.unit === 'sandbox';
    if (!name.endsWith('.port.ts') && !(sandboxDriver && name.startsWith('sandbox'))) {
      return 'Use a provider through its port (providers/*/*.port.ts); app.ts chooses the adapter';
    }
  }
  return undefined;
}

function crossesBoundary(file, target) {
  const inside = (folder, candidate) => candidate.startsWith(path.join(root, folder) + path.sep);
  const apiReason = crossesApiBoundary(file, target);
  if (apiReason) return apiReason;
  if (inside('apps/web', file) && inside('apps/api', target)) {
    return 'The web app must not import API source; share through packages/contracts';
  }
  if (inside('packages', file) && inside('apps', target)) {
    return 'Packages must not import from apps';
  }
  const featureOf = (candidate) =>
    candidate.startsWith(featuresDir + path.sep)
      ? path.relative(featuresDir, candidate).split(path.sep)[0]
      : undefined;
  const from = featureOf(file);
  const to = featureOf(target);
  if (from && to && from !== to) {
    return `Feature "${from}" must not import feature "${to}"; compose them in app/ or move the shared piece to components/ or lib/`;
  }
  return undefined;
}

/** Bare imports of another workspace's source are refused the same way. */
const restrictedWorkspaceImports = {
  patterns: [
    { group: ['@ajo/api', '@ajo/api/*'], message: 'Import API code only inside apps/api' },
    { group: ['@ajo/web', '@ajo/web/*'], message: 'Import web code only inside apps/web' },
  ],
};

const existingFeatures = (() => {
  try {
    return readdirSync(featuresDir);
  } catch {
    return [];
  }
})();

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
      'bench/reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
      globals: { ...globals.node },
    },
    plugins: { ajo: { rules: { boundaries } } },
    rules: {
      'ajo/boundaries': 'error',
      'no-restricted-imports': ['error', restrictedWorkspaceImports],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // Money is a bigint of minor units; floats never touch it (CONVENTIONS.md rule 5).
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Use @ajo/money/parse' }],
      'no-restricted-properties': [
        'error',
        { object: 'Number', property: 'parseFloat', message: 'Use @ajo/money/parse' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // sonner only through components/ui/toast.ts, which mounts the app's toaster on demand.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/ui/toast.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...restrictedWorkspaceImports.patterns,
            {
              group: ['sonner'],
              message:
                'Import toast and Toaster from components/ui/toast.ts, which mounts the app toaster when a screen can toast',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  { settings: { ajoFeatures: existingFeatures } },
);

// Which code may import which, on resolved paths (import-x/no-restricted-paths): a `../../x`
// detour, a type import or a re-export is caught the same way as a direct import. Each zone has
// a fixture in eslint.boundaries.test.ts that proves it fires. Tests and test support are not
// held to these zones (they build engines and repositories on purpose). Below them, the one zod
// flavour everything uses, tests included.
import fs from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = import.meta.dirname;
const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;

const modules = fs
  .readdirSync(path.join(root, MODULES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Zones for `import-x/no-restricted-paths`, paths relative to the repository's root. */
export const boundaryZones = [
  {
    // The graph's engine (index, traversal, sync, repository) stays behind its facade.
    target: [`${SERVER}/*.ts`, `${SERVER}/!(modules)/**`, `${MODULES}/!(graph)/**`],
    from: [`${MODULES}/graph/**`],
    except: [`**/${MODULES}/graph/graph.service.ts`],
    message: 'Use the graph facade (modules/graph/graph.service.ts), not the engine.',
  },
  // A module meets another through its service, policy or presenter, never its repository.
  ...modules.map((name) => ({
    target: [`${MODULES}/${name}/**`],
    from: [`${MODULES}/!(${name})/**/*.repository.ts`],
    message: "Use the other module's service (wired in app.ts), not its repository.",
  })),
  {
    // Routes are adapters: they call services, never SQL.
    target: [`${SERVER}/**/*.routes.ts`],
    from: [`${SERVER}/**/*.repository.ts`, `**/node_modules/kysely/**`],
    message: 'Routes call services; repositories and SQL are wired in app.ts and services.',
  },
  {
    // Plugins, the realtime layer and the job runner sit under the modules: they take what
    // they need through app.ts, never a module's repository or the database's SQL.
    target: [`${SERVER}/plugins/**`, `${SERVER}/realtime/**`, `${SERVER}/jobs/**`],
    from: [`${MODULES}/**/*.repository.ts`],
    message: 'Take a service from app.ts; repositories belong to their module.',
  },
  {
    target: ['apps/web/**'],
    from: ['apps/server/**'],
    message: 'The web app reaches the server over HTTP only; shared code is in packages/domain.',
  },
  {
    target: ['packages/domain/**'],
    from: ['apps/**'],
    message: 'The domain package depends on no app.',
  },
];

/** The rule with its zones, resolver and plugin: one config block for eslint.config.js and the test. */
/** @type {import('eslint').Linter.Config} */
export const boundaryRule = {
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createNodeResolver()] },
  rules: {
    'import-x/no-restricted-paths': ['error', { zones: boundaryZones, basePath: root }],
  },
};

/** zod's classic build, by every name it is published under. */
const CLASSIC_ZOD = ['zod', 'zod/v4', 'zod/v4/classic', 'zod/v3'];

/** One zod flavour: the mini build, as packages/domain/src/zod.ts builds every schema. */
/** @type {import('eslint').Linter.Config} */
export const zodFlavourRule = {
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: CLASSIC_ZOD.map((name) => ({
          name,
          message:
            "Use zod's mini build: import * as z from 'zod/mini', as packages/domain/src/zod.ts does (docs/ARCHITECTURE.md).",
        })),
      },
    ],
  },
};

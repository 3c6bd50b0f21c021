import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaryRule, zodFlavourRule } from './eslint.boundaries.js';

/**
 * Each zone of eslint.boundaries.js, and its one zod flavour, fires on an import that crosses it
 * and stays quiet on the way it allows: fixtures linted as if they were files at these paths (the
 * imported files are real, so the resolver finds them).
 */
const eslint = new ESLint({
  cwd: import.meta.dirname,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      ...boundaryRule,
    },
    zodFlavourRule,
  ],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const server = 'apps/server/src';

describe('the import boundaries fire on resolved paths', () => {
  const crossing: [string, string, string, RegExp][] = [
    [
      'the graph engine from a module, through a detour',
      `${server}/modules/network/fixture.ts`,
      "import { GraphIndex } from '../../modules/graph/graph.index.ts';\nvoid GraphIndex;",
      /graph facade/,
    ],
    [
      'the graph engine as a type only',
      `${server}/modules/discover/fixture.ts`,
      "import type { RankRequest } from '../graph/graph.traversal.ts';\nexport type R = RankRequest;",
      /graph facade/,
    ],
    [
      'the graph engine re-exported',
      `${server}/modules/network/fixture.ts`,
      "export { GraphTraversal } from '../graph/graph.traversal.ts';",
      /graph facade/,
    ],
    [
      'the graph engine from app.ts',
      `${server}/fixture.ts`,
      "import { GraphSync } from './modules/graph/graph.sync.ts';\nvoid GraphSync;",
      /graph facade/,
    ],
    [
      "another module's repository, through a detour",
      `${server}/modules/chat/fixture.ts`,
      "import { createUsersRepository } from '../../modules/users/users.repository.ts';\nvoid createUsersRepository;",
      /other module's service/,
    ],
    [
      "another module's repository as a type",
      `${server}/modules/requests/fixture.ts`,
      "import type { UsersRepository } from '../users/users.repository.ts';\nexport type U = UsersRepository;",
      /other module's service/,
    ],
    [
      "another module's repository from auth (its exemption is gone)",
      `${server}/modules/auth/fixture.ts`,
      "import type { UsersRepository } from '../users/users.repository.ts';\nexport type U = UsersRepository;",
      /other module's service/,
    ],
    [
      'a repository from a plugin',
      `${server}/plugins/fixture.ts`,
      "import { createUsersRepository } from '../modules/users/users.repository.ts';\nvoid createUsersRepository;",
      /repositories belong to their module/,
    ],
    [
      'a repository from the realtime layer',
      `${server}/realtime/fixture.ts`,
      "import { createChatRepository } from '../modules/chat/chat.repository.ts';\nvoid createChatRepository;",
      /repositories belong to their module/,
    ],
    [
      'SQL in a routes file',
      `${server}/modules/chat/chat.routes.ts`,
      "import { sql } from 'kysely';\nvoid sql;",
      /Routes call services/,
    ],
    [
      'its own repository in a routes file',
      `${server}/modules/chat/chat.routes.ts`,
      "import { createChatRepository } from './chat.repository.ts';\nvoid createChatRepository;",
      /Routes call services/,
    ],
    [
      'server code in the web app',
      'apps/web/src/fixture.ts',
      "import { NotFoundError } from '../../server/src/lib/errors.ts';\nvoid NotFoundError;",
      /over HTTP only/,
    ],
    [
      'an app in the domain package',
      'packages/domain/src/fixture.ts',
      "import { apiRequest } from '../../../apps/web/src/lib/api.ts';\nvoid apiRequest;",
      /depends on no app/,
    ],
  ];
  for (const [what, filePath, code, message] of crossing) {
    it(`flags ${what}`, async () => {
      const found = await problems(filePath, code);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^import-x\/no-restricted-paths: /);
      expect(found[0]).toMatch(message);
    });
  }

  const allowed: [string, string, string][] = [
    [
      'the graph facade from a module',
      `${server}/modules/network/fixture.ts`,
      "import { createGraph } from '../graph/graph.service.ts';\nvoid createGraph;",
    ],
    [
      'the graph engine inside its module',
      `${server}/modules/graph/fixture.ts`,
      "import { GraphIndex } from './graph.index.ts';\nvoid GraphIndex;",
    ],
    [
      "another module's service",
      `${server}/modules/chat/fixture.ts`,
      "import { createSettingsService } from '../settings/settings.service.ts';\nvoid createSettingsService;",
    ],
    [
      'its own repository in a service',
      `${server}/modules/chat/chat.service.ts`,
      "import { createChatRepository } from './chat.repository.ts';\nvoid createChatRepository;",
    ],
    [
      'the domain package from the web app',
      'apps/web/src/fixture.ts',
      "import { networkMessages } from '@heartline/domain';\nvoid networkMessages;",
    ],
  ];
  for (const [what, filePath, code] of allowed) {
    it(`allows ${what}`, async () => {
      expect(await problems(filePath, code)).toEqual([]);
    });
  }
});

describe('one zod flavour', () => {
  const classic: [string, string, string][] = [
    ['classic zod in server code', `${server}/fixture.ts`, "import { z } from 'zod';\nvoid z;"],
    [
      'classic zod in a test, as a type',
      `${server}/modules/invites/fixture.test.ts`,
      "import type { ZodType } from 'zod';\nexport type T = ZodType;",
    ],
    [
      'classic zod by its v4 name',
      'apps/web/src/fixture.ts',
      "import * as z from 'zod/v4';\nvoid z;",
    ],
  ];
  for (const [what, filePath, code] of classic) {
    it(`flags ${what}`, async () => {
      const found = await problems(filePath, code);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^no-restricted-imports: .*'zod\/mini'/);
    });
  }

  it('allows the mini build', async () => {
    const code = "import * as z from 'zod/mini';\nvoid z;";
    expect(await problems(`${server}/fixture.ts`, code)).toEqual([]);
  });
});

// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture.md are enforced by `npm run lint`
 * (eslint.config.js). Each case lints a planted file, as if it were saved at
 * that path, and expects the rule to refuse it; the control case shows the
 * planted files are otherwise clean, so a refusal is the rule's doing.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const at = (file: string) => path.join(root, file);
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function ruleErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: at(file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = expect.stringMatching(/^import-x\/no-restricted-paths: /);

describe('architecture import rules', () => {
  it('let a feature import its own modules, lib and components', async () => {
    const code = [
      "import { useProfile } from './api/get-profile';",
      "import { api } from '@/lib/api';",
      "import { Button } from '@/components/ui/button';",
      'export const used = [useProfile, api, Button];',
    ].join('\n');
    expect(await ruleErrors('apps/web/src/features/account/planted.ts', code)).toEqual([]);
  });

  it('refuse a feature importing another feature, by alias or by relative path', async () => {
    const byAlias = "import { useSubscription } from '@/features/billing';\nexport const used = useSubscription;\n";
    const byPath =
      "import { useReflections } from '../reflections/api/get-reflections';\nexport const used = useReflections;\n";
    expect(await ruleErrors('apps/web/src/features/account/planted.ts', byAlias)).toEqual([restricted]);
    expect(await ruleErrors('apps/web/src/features/account/planted.ts', byPath)).toEqual([restricted]);
  });

  it('refuse a feature importing the app layer', async () => {
    const code = "import { AppProviders } from '@/app/providers';\nexport const used = AppProviders;\n";
    expect(await ruleErrors('apps/web/src/features/chat/planted.ts', code)).toEqual([restricted]);
  });

  it('refuse lib and components importing features or the app layer', async () => {
    const feature = "import { useProfile } from '@/features/account';\nexport const used = useProfile;\n";
    const app = "import { AppRouter } from '@/app/router';\nexport const used = AppRouter;\n";
    expect(await ruleErrors('apps/web/src/lib/planted.ts', feature)).toEqual([restricted]);
    expect(await ruleErrors('apps/web/src/components/layouts/planted.ts', feature)).toEqual([restricted]);
    expect(await ruleErrors('apps/web/src/lib/planted.ts', app)).toEqual([restricted]);
  });

  it('refuse a server route importing another route', async () => {
    const code = "import { toProfileDto } from '../me/profile-dto';\nexport const used = toProfileDto;\n";
    expect(await ruleErrors('apps/server/src/routes/catalog/planted.ts', code)).toEqual([restricted]);
  });

  it('refuse an import cycle', async () => {
    // update-profile.ts imports get-profile.ts; get-profile importing it back closes a loop.
    const code = "import { useUpdateProfile } from './update-profile';\nexport const used = useUpdateProfile;\n";
    expect(await ruleErrors('apps/web/src/features/account/api/get-profile.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: /),
    ]);
  });
});

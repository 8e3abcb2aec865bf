// The strings the server, the CLI and the client translate in code are found in their sources
// (scripts/l10n/calls.mjs): every `t(...)` call names its English as a literal, so the list the
// bundles are checked against (l10n.test.ts) has them all.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
type Calls = { strings: { id: string; text: string }[]; problems: string[] };
const load = async (): Promise<(root: string) => Calls> => (await import(join(root, 'scripts', 'l10n', 'calls.mjs'))).callStrings;

describe('translated strings in code (scripts/l10n/calls.mjs)', () => {
  it('every t() call of the server, the CLI and the client has a literal first argument', async () => {
    const calls = (await load())(root);
    assert.deepEqual(calls.problems, []);
    assert.ok(calls.strings.some((s) => s.id.startsWith('server/src/hover.ts:') && s.text === 'Initial state'));
  });

  it('reads quotes and escapes, and reports a call whose key is not a literal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calls-'));
    mkdirSync(join(dir, 'server', 'src'), { recursive: true });
    mkdirSync(join(dir, 'cli'));
    mkdirSync(join(dir, 'client', 'src'), { recursive: true });
    writeFileSync(join(dir, 'server', 'src', 'a.ts'), "t('it\\'s {0}', x);\nt(\"say \\\"hi\\\"\");\nt(`plain`);\nt(name);\nt(`with ${x}`);\nconst at = (t) => t;\nformat(x);\n");
    writeFileSync(join(dir, 'client', 'src', 'b.ts'), "vscode.l10n.t('Show Board');\nl10n.t(\n  'Next',\n);\n");
    const calls = (await load())(dir);
    assert.deepEqual(calls.strings.map((s) => s.text).sort(), ["Next", "Show Board", "it's {0}", 'plain', 'say "hi"'].sort());
    assert.deepEqual(calls.problems, ['server/src/a.ts:4: the first argument of t( is not a string literal', 'server/src/a.ts:5: the first argument of t( is not a string literal']);
  });
});

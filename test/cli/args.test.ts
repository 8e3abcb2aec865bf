// The command line read in process (cli/args.ts, cli/language.ts): arguments after `--` are paths,
// however many a shell passes (the stack is not their bound).
import assert from 'node:assert/strict';
import { parseArgs } from '../../cli/args';
import { chooseLanguage } from '../../cli/language';

describe('CLI: the command line', () => {
  it('takes some hundred thousand paths after `--`', () => {
    const paths = Array.from({ length: 300_000 }, (_, i) => `s${i}.board`);
    const argv = ['check', '--format', 'json', '--', ...paths];
    const chosen = chooseLanguage(argv, {});
    assert.equal(chosen.problem, undefined);
    assert.deepEqual(chosen.argv, argv);
    const cmd = parseArgs(chosen.argv);
    assert.equal(cmd.kind, 'check');
    assert.deepEqual((cmd as { paths: string[] }).paths, paths);
  });
});

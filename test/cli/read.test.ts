// Reading a scenario file (cli/scenario.ts, in process): every byte of a regular file whatever its
// size, up to the limit and not one byte more; a pipe or a device read up to the limit by
// readLimited and left to a checker by readRegular.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readLimited, readRegular } from '../../cli/scenario';
import { makeTempDir, removeTempDir } from './helpers';

const bytesOf = (r: ReturnType<typeof readLimited> | undefined): Buffer => {
  assert.ok(r && 'bytes' in r, JSON.stringify(r));
  return r.bytes;
};

describe('CLI: reading a scenario file', () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir();
  });
  afterEach(() => removeTempDir(dir));

  it('reads every byte of a regular file, whatever its size against the buffer pool and the limit', () => {
    const limit = 64 * 1024;
    for (const size of [0, 1, 2, 4095, 4096, 4097, 8191, 8192, 65535, limit]) {
      const file = path.join(dir, `f${size}.board`);
      const content = Buffer.alloc(size, 0);
      for (let i = 0; i < size; i++) content[i] = 97 + (i % 26);
      fs.writeFileSync(file, content);
      assert.ok(bytesOf(readLimited(file, limit)).equals(content), `readLimited, ${size} bytes`);
      assert.ok(bytesOf(readRegular(file, limit)).equals(content), `readRegular, ${size} bytes`);
    }
  });

  it('refuses a regular file one byte over the limit, unread', () => {
    const file = path.join(dir, 'big.board');
    fs.writeFileSync(file, Buffer.alloc(1025, 97));
    const r = readLimited(file, 1024);
    assert.ok('problem' in r && /1025 bytes/.test(r.problem), JSON.stringify(r));
    assert.equal(readRegular(file, 1024), undefined);
  });

  it('reads a device up to the limit and not past it, and leaves it to a checker when asked for a regular file', function () {
    if (!fs.existsSync('/dev/zero')) this.skip();
    const r = readLimited('/dev/zero', 4096);
    assert.ok('problem' in r && /more than 4096 bytes/.test(r.problem), JSON.stringify(r));
    assert.equal(readRegular('/dev/zero', 4096), undefined);
  });

  it('leaves a FIFO to a checker unread, without waiting for a writer', function () {
    if (process.platform === 'win32') this.skip();
    const fifo = path.join(dir, 'pipe.board');
    execFileSync('mkfifo', [fifo]);
    assert.equal(readRegular(fifo, 4096), undefined);
  });
});

import path from 'node:path';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadPostcodeDirectory } from '../../src/modules/eidv/sources/postcodes.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'ONSPD_SAMPLE_UK.csv');

describe('ONS Postcode Directory', () => {
  it('reads the real ONSPD layout: live, terminated, unknown, bad format', async () => {
    const dir = await loadPostcodeDirectory(FIXTURE);
    expect(dir.size).toBe(8);
    expect(dir.lookup('sw1a 2aa')).toBe('LIVE');
    expect(dir.lookup('M11AE')).toBe('LIVE');
    expect(dir.lookup('AB1 0AA')).toBe('TERMINATED');
    expect(dir.lookup('SW1A 9ZZ')).toBe('UNKNOWN');
    expect(dir.lookup('NOT A CODE')).toBe('BAD_FORMAT');
  });
  it('refuses a file that is not the directory', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'onspd-')), 'other.csv');
    await writeFile(file, 'name,value\na,b\n');
    await expect(loadPostcodeDirectory(file)).rejects.toThrow(/not an ONS Postcode Directory/);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localLangPath } from '../../src/modules/documents/ocr.ts';

// Network namespaces need privileges; where `unshare -n` is not allowed the offline run is skipped.
const canIsolate = spawnSync('unshare', ['-n', 'true']).status === 0;

describe('OCR runs offline', () => {
  it('the traineddata comes from node_modules', () => {
    expect(localLangPath()).toContain(`${path.sep}node_modules${path.sep}@tesseract.js-data${path.sep}eng`);
    expect(existsSync(path.join(localLangPath(), 'eng.traineddata.gz'))).toBe(true);
  });

  it.skipIf(!canIsolate)('Tesseract (both engines) and the scanned-PDF path read text inside a network namespace with no network at all (unshare -n)', () => {
    const script = path.resolve('test/documents/offline-ocr.script.ts');
    const r = spawnSync('unshare', ['-n', process.execPath, '--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).not.toMatch(/ENOTFOUND|ENETUNREACH|fetch failed/);
    expect(r.stdout).toContain('OFFLINE 2026');
    expect(r.stdout).toContain('LSTM 2027');
    expect(r.stdout).toMatch(/pdf-ocr[\s\S]*SCANNED PDF 2028/);
  });
});

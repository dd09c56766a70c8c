/**
 * loadHumanModel reads a Human-format graph model from the installed package by default, or from another
 * folder (eval:faces --human-models DIR). The other folder here is a temporary copy of the package's
 * liveness model under a different name, so only a read from that folder can find it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHumanModel } from '../../src/modules/biometrics/passive-liveness.ts';

const require = createRequire(import.meta.url);
// Human does not export its package.json; its entry is dist/human.node.js.
const humanModels = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'human-models-'));
  // The json names its weight file; keep that name, rename only the json.
  fs.copyFileSync(path.join(humanModels, 'liveness.json'), path.join(dir, 'copied-liveness.json'));
  fs.copyFileSync(path.join(humanModels, 'liveness.bin'), path.join(dir, 'liveness.bin'));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('loadHumanModel', () => {
  it('reads the installed package by default', async () => {
    const model = await loadHumanModel('liveness');
    expect(model.inputs[0]!.shape).toEqual([-1, 32, 32, 3]);
  });

  it('reads a model from the folder it is given', async () => {
    const model = await loadHumanModel('copied-liveness', dir);
    expect(model.inputs[0]!.shape).toEqual([-1, 32, 32, 3]);
  });

  it('does not fall back to the package when the folder lacks the model', async () => {
    await expect(loadHumanModel('liveness', dir)).rejects.toThrow(/liveness\.json/);
    await expect(loadHumanModel('copied-liveness')).rejects.toThrow(/copied-liveness\.json/);
  });
});

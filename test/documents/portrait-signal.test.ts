import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDocumentService, type DocumentService, type DocumentServiceConfig } from '../../src/modules/documents/index.ts';

type FaceFinder = NonNullable<DocumentServiceConfig['faces']>;

const TODAY = '2026-11-22';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const codes = (r: { reasons: { code: string; severity: string }[] }) => r.reasons.filter((x) => x.severity !== 'INFO').map((x) => x.code);

vi.setConfig({ testTimeout: 120_000 });

/**
 * A face engine that reports one face at a fixed place of the portrait zone's crop (shares of its width and
 * height), as the real engine did on the attack set: on the printed data beside a painted-over box (1001-TD3,
 * crop 474 × 605, box 287, 30, 187 × 221) and inside the empty box itself (1009-TD2). Same interface and wire
 * format as the biometrics engine's analysis.
 */
function faceAt(share: { x: number; y: number; width: number; height: number }): FaceFinder {
  return {
    async find(image) {
      const { width = 0, height = 0 } = await sharp(image).metadata();
      const box = { x: share.x * width, y: share.y * height, width: share.width * width, height: share.height * height };
      return { width, height, faces: [{ box, score: 0.68, rotation: 0 }] };
    },
  };
}

const ON_THE_PRINTED_DATA = { x: 287 / 474, y: 30 / 605, width: 187 / 474, height: 221 / 605 };
const INSIDE_THE_PORTRAIT_BOX = { x: 0.15, y: 0.2, width: 0.4, height: 0.35 };

describe('a face box that is not a photograph is not the portrait (ADR 0200)', () => {
  const services: DocumentService[] = [];
  const service = (where: typeof ON_THE_PRINTED_DATA) => {
    const s = createDocumentService({ now: () => new Date('2026-11-22T10:00:00Z'), faces: faceAt(where), vizCheck: false });
    services.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of services) await s.close();
  });

  it.each([
    ['on the printed data beside a painted-over box', ON_THE_PRINTED_DATA],
    ['inside the empty painted box', INSIDE_THE_PORTRAIT_BOX],
  ])('a "face" %s: REFER with PORTRAIT_NOT_FOUND', async (_, where) => {
    const r = await service(where).checkIdentityDocument({ images: [fixture('passport-no-portrait.jpg')], today: TODAY });
    expect(r.mrz?.valid).toBe(true);
    expect([r.decision, codes(r)]).toEqual(['REFER', ['PORTRAIT_NOT_FOUND']]);
    expect(r.authenticity?.portrait).toMatchObject({ checked: true, found: false, where: 'portrait_zone' });
  });

  it('the same box over the photograph of the genuine page is the portrait: PASSED', async () => {
    const r = await service(INSIDE_THE_PORTRAIT_BOX).checkIdentityDocument({ images: [fixture('passport-gbr.jpg')], today: TODAY });
    expect(r.authenticity?.portrait).toMatchObject({ checked: true, found: true, where: 'portrait_zone' });
    expect(r.authenticity?.portrait?.fine_detail).toBeLessThan(135);
    expect(r.decision).toBe('PASSED');
  });
});

describe('a card front\'s portrait (findCardPortrait) keeps to upright faces', () => {
  it('asks the finder\'s upright steps when it has them (a face there is found), never the whole cascade', async () => {
    const upright = faceAt(INSIDE_THE_PORTRAIT_BOX);
    const find = vi.fn(async () => { throw new Error('the whole cascade was asked'); });
    const s = createDocumentService({ vizCheck: false, faces: { find, findUpright: (image) => upright.find(image) } });
    try {
      expect(await s.findCardPortrait(fixture('id-card-td1-front.jpg'))).toEqual({ checked: true, found: true });
      expect(find).not.toHaveBeenCalled();
    } finally {
      await s.close();
    }
  });
});

/**
 * The alignment eval:faces --faceplugin uses for fr_feature (eval/faces/faceplugin.ts), redone without
 * opencv.js: the 5 points from the 68 landmarks, the two transforms and the warp. Points and images are
 * generated here, and each expectation is computed from them.
 */
import { describe, expect, it } from 'vitest';
import { affineFrom3, fivePoints, similarityTransform, warpAffine, type Affine } from '../../eval/faces/faceplugin.ts';
import type { Point } from '../../src/modules/biometrics/domain/types.ts';

const apply = (m: Affine, p: Point): Point => ({ x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5] });

describe('fivePoints', () => {
  it('averages the four lid points per eye and the outer and inner mouth corners, keeps the nose tip', () => {
    const landmarks = Array.from({ length: 68 }, (_, i) => ({ x: i, y: 2 * i }));
    const five = fivePoints(landmarks);
    expect(five[0]).toEqual({ x: (37 + 38 + 40 + 41) / 4, y: (2 * (37 + 38 + 40 + 41)) / 4 });
    expect(five[1]!.x).toBe((43 + 44 + 46 + 47) / 4);
    expect(five[2]).toEqual({ x: 30, y: 60 });
    expect(five[3]!.x).toBe((48 + 60) / 2);
    expect(five[4]!.x).toBe((54 + 64) / 2);
  });

  it('refuses other landmark sets', () => {
    expect(() => fivePoints([{ x: 0, y: 0 }])).toThrow(/68/);
  });
});

describe('transforms', () => {
  const src: Point[] = [
    { x: 120, y: 140 },
    { x: 190, y: 135 },
    { x: 160, y: 185 },
    { x: 128, y: 225 },
    { x: 185, y: 222 },
  ];

  it('affineFrom3 maps the first three points exactly onto their targets', () => {
    const dst: Point[] = [
      { x: 38, y: 52 },
      { x: 74, y: 51 },
      { x: 56, y: 72 },
    ];
    const m = affineFrom3(src, dst);
    for (let i = 0; i < 3; i++) {
      expect(apply(m, src[i]!).x).toBeCloseTo(dst[i]!.x, 9);
      expect(apply(m, src[i]!).y).toBeCloseTo(dst[i]!.y, 9);
    }
  });

  it('similarityTransform recovers a known rotation, scale and shift from five points', () => {
    const [angle, scale, tx, ty] = [0.3, 0.55, -20, 7];
    const known: Affine = [scale * Math.cos(angle), -scale * Math.sin(angle), tx, scale * Math.sin(angle), scale * Math.cos(angle), ty];
    const m = similarityTransform(src, src.map((p) => apply(known, p)));
    m.forEach((v, i) => expect(v).toBeCloseTo(known[i]!, 9));
  });
});

describe('warpAffine', () => {
  const img = { width: 4, height: 3, data: Buffer.from(Array.from({ length: 36 }, (_, i) => i * 7)) };

  it('with the identity copies the image', () => {
    expect([...warpAffine(img, [1, 0, 0, 0, 1, 0], 3).data]).toEqual([...img.data.subarray(0, 9), ...img.data.subarray(12, 21), ...img.data.subarray(24, 33)]);
  });

  it('samples the inverse map: a shift right by one shows the column before it, black beyond the image', () => {
    const out = warpAffine(img, [1, 0, 1, 0, 1, 0], 3);
    expect([...out.data.subarray(0, 3)]).toEqual([0, 0, 0]);
    expect([...out.data.subarray(3, 6)]).toEqual([...img.data.subarray(0, 3)]);
  });
});

import { describe, expect, it } from 'vitest';
import { cropRegion, locateFace, type FaceLocation } from './face-crop.ts';
import { decideFaceMatch } from './face-match.ts';
import type { ImageAnalysis } from './types.ts';

const at = (box: FaceLocation['box'], size = { width: 800, height: 600 }): FaceLocation => ({ box, rotation: 0, pad: 0, ...size });

describe('face crop region', () => {
  it('is the box widened by the margin on each side, square, around the face centre', () => {
    expect(cropRegion(at({ x: 300, y: 200, width: 100, height: 100 }), { width: 800, height: 600 })).toEqual({ left: 270, top: 170, width: 160, height: 160 });
  });

  it('uses the longer side of the box and scales to the decoded image', () => {
    // A 1000 px analysis read again at 500 px: half the coordinates.
    expect(cropRegion(at({ x: 300, y: 250, width: 400, height: 480 }, { width: 1000, height: 1000 }), { width: 500, height: 500 }, 0.5, 0))
      .toEqual({ left: 130, top: 125, width: 240, height: 240 });
  });

  it('stays inside the frame at its edges', () => {
    expect(cropRegion(at({ x: 0, y: 0, width: 100, height: 100 }), { width: 120, height: 90 })).toEqual({ left: 0, top: 0, width: 120, height: 90 });
  });

  it('is null for a box outside the frame', () => {
    expect(cropRegion(at({ x: 2000, y: 2000, width: 50, height: 50 }), { width: 800, height: 600 })).toBeNull();
  });
});

describe('the face match keeps where each compared face is', () => {
  const analysis = (box: FaceLocation['box'], rotation = 0): ImageAnalysis => ({
    width: 640, height: 480,
    faces: [{ box, score: 0.9, landmarks: [], descriptor: Array.from({ length: 128 }, () => 0.01), sharpness: 30, rotation, pad: rotation ? 0.5 : 0 }],
  });

  it('the largest face of each image, with its frame', () => {
    const r = decideFaceMatch(analysis({ x: 10.04, y: 20, width: 90, height: 110 }), analysis({ x: 200, y: 100, width: 180, height: 200 }, 90));
    expect(r.face_a).toEqual({ box: { x: 10, y: 20, width: 90, height: 110 }, rotation: 0, pad: 0, width: 640, height: 480 });
    expect(r.face_b).toMatchObject({ rotation: 90, pad: 0.5 });
  });

  it('none when no face was found', () => {
    const r = decideFaceMatch({ width: 640, height: 480, faces: [] }, analysis({ x: 0, y: 0, width: 100, height: 100 }));
    expect(r.face_a).toBeNull();
    expect(r.face_b).not.toBeNull();
  });

  it('locateFace rounds to a tenth of a pixel', () => {
    expect(locateFace(analysis({ x: 1.26, y: 2.24, width: 3, height: 4 }).faces[0]!, analysis({ x: 0, y: 0, width: 1, height: 1 })).box).toEqual({ x: 1.3, y: 2.2, width: 3, height: 4 });
  });
});

import type { Box, FaceObservation, ImageAnalysis } from './types.ts';

/**
 * Where the compared face is, kept with the face match so a reviewer can be shown the two faces side by side
 * (not the whole passport page). `box` is in the analysed frame: the image as the engine decoded it
 * (`width` x `height`) when `rotation` is 0, else that image padded by `pad` times its longer side and rotated
 * by `rotation` degrees (face-engine.ts reports boxes there when it had to turn the image).
 */
export interface FaceLocation {
  box: Box;
  rotation: number;
  pad: number;
  width: number;
  height: number;
}

export const locateFace = (face: FaceObservation, analysis: ImageAnalysis): FaceLocation => ({
  box: { x: round(face.box.x), y: round(face.box.y), width: round(face.box.width), height: round(face.box.height) },
  rotation: face.rotation,
  pad: face.pad,
  width: analysis.width,
  height: analysis.height,
});

/** Room around the box on each side, as a share of its larger side: the hairline and chin help a reviewer. */
export const CROP_MARGIN = 0.3;

/**
 * The square region to cut from a frame of `frame` size holding the image the location was measured on at
 * `scale` (decoded size / analysed size): the box widened by the margin, kept inside the frame. Null when
 * nothing of the box lies inside (a location that does not belong to this image).
 */
export function cropRegion(location: FaceLocation, frame: { width: number; height: number }, scale = 1, margin = CROP_MARGIN): { left: number; top: number; width: number; height: number } | null {
  const { box } = location;
  const side = Math.max(box.width, box.height) * (1 + 2 * margin) * scale;
  const cx = (box.x + box.width / 2) * scale;
  const cy = (box.y + box.height / 2) * scale;
  const left = Math.max(0, Math.round(cx - side / 2));
  const top = Math.max(0, Math.round(cy - side / 2));
  const right = Math.min(frame.width, Math.round(cx + side / 2));
  const bottom = Math.min(frame.height, Math.round(cy + side / 2));
  if (right - left < 2 || bottom - top < 2) return null;
  return { left, top, width: right - left, height: bottom - top };
}

const round = (x: number): number => Math.round(x * 10) / 10;

/** Plain data shared by the biometric decisions: no engine types leak past the engine. */
export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One face the engine found, in the coordinates of the frame it was analysed in. */
export interface FaceObservation {
  box: Box;
  /** Detector confidence, 0..1. */
  score: number;
  /**
   * The 68 iBUG landmarks (jaw 0-16, brows 17-26, nose 27-35, eyes 36-47, mouth 48-67). Empty, like
   * descriptor, for the smaller faces of an image: only the largest face is described.
   */
  landmarks: Point[];
  /** 128-d face descriptor (ResNet-34 metric embedding). */
  descriptor: number[];
  /** Contrast-normalised Laplacian variance of the face crop at a fixed size (domain/quality.ts): higher is sharper. */
  sharpness: number;
  /** Degrees the image was rotated before this face was found (0 when found upright). */
  rotation: number;
  /**
   * Border (share of the longer side) of the analysis frame when rotation is not 0: box and landmarks
   * are then in that padded, rotated frame. 0 when they are in the caller's image.
   */
  pad: number;
}

/** What the engine saw in one image. */
export interface ImageAnalysis {
  width: number;
  height: number;
  /** Faces sorted by box area, largest first. */
  faces: FaceObservation[];
}

export type FaceReason = 'NO_FACE_DOCUMENT' | 'NO_FACE_SELFIE' | 'MULTIPLE_FACES' | 'FACE_MISMATCH' | 'LOW_QUALITY';
export type Decision = 'PASSED' | 'FAILED';

/** An RGB frame, 3 bytes per pixel, row-major (the analysis frame the face box refers to), as the species detectors read it. */
export interface Frame {
  width: number;
  height: number;
  data: Uint8Array;
}

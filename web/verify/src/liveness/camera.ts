/**
 * Virtual cameras, where the browser lets the page see them: the device label (OBS, ManyCam, "virtual", a
 * browser's fake device) and track settings that no physical front camera gives. A stream injected below the
 * browser with a physical-looking label cannot be seen from here; the server records what the page saw.
 */
const VIRTUAL_LABEL = /\b(obs|manycam|virtual|snap ?camera|xsplit|splitcam|droidcam|epoccam|iriun|camo|e2esoft|vcam|youcam|fake|ndi|mmhmm|chromacam|dummy|v4l2 ?loopback)|fake_device|\.(y4m|mjpe?g)$/i;

export interface CameraReport {
  label: string;
  virtual: boolean;
  settings: Record<string, string | number | boolean>;
  why: string[];
}

export function describeCamera(track: MediaStreamTrack): CameraReport {
  const label = track.label.slice(0, 200);
  const raw = (track.getSettings?.() ?? {}) as Record<string, unknown>;
  const settings: Record<string, string | number | boolean> = {};
  for (const key of ['width', 'height', 'frameRate', 'facingMode', 'resizeMode', 'aspectRatio']) {
    const v = raw[key];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') settings[key] = typeof v === 'string' ? v.slice(0, 200) : v;
  }
  const why: string[] = [];
  if (VIRTUAL_LABEL.test(label)) why.push('label');
  // Chromium's fake camera playing a file is named after the file (.y4m, .mjpeg). Physical cameras give whole frame rates near the usual ones; a virtual one often reports odd or very high rates.
  const rate = typeof settings.frameRate === 'number' ? settings.frameRate : null;
  if (rate !== null && (rate > 120 || rate < 1)) why.push('frame_rate');
  return { label, virtual: why.length > 0, settings, why };
}

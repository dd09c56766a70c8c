import { describe, expect, it } from 'vitest';
import { evaluateGpg45, meets, shortfalls } from './evaluate.ts';
import { PROFILES, type Profile } from './profiles.ts';
import type { Gpg45Scores } from './scores.ts';

const item = (score: number) => ({ score, why: [], raise: [] });
/** Scores exactly at a profile's minimum. */
function exactly(p: Profile, change: Partial<{ activity: number; fraud: number; verification: number; evidence: Array<[number, number]> }> = {}): Gpg45Scores {
  const evidence = change.evidence ?? p.evidence.map((e) => [e.strength, e.validity] as [number, number]);
  return {
    evidence: evidence.map(([strength, validity], i) => ({ id: `e${i}`, label: `e${i}`, strength, validity, why: [], raise: [] })),
    activity: item(change.activity ?? p.activity), fraud: item(change.fraud ?? p.fraud), verification: item(change.verification ?? p.verification),
  };
}

describe('GPG 45 profiles', () => {
  it('holds the guide\'s 23 low, medium and high profiles', () => {
    expect(PROFILES.map((p) => p.name)).toEqual(['L1A', 'L1B', 'L1C', 'L2A', 'L2B', 'L3A', 'M1A', 'M1B', 'M1C', 'M1D', 'M2A', 'M2B', 'M2C', 'M3A', 'H1A', 'H1B', 'H1C', 'H2A', 'H2B', 'H2C', 'H2D', 'H2E', 'H3A']);
  });

  describe.each(PROFILES.map((p) => [p.name, p] as const))('%s', (_name, p) => {
    it('is met by scores exactly at its minimum, reaching at least its level', () => {
      const scores = exactly(p);
      expect(meets(p, scores)).toBe(true);
      const result = evaluateGpg45(scores, p.confidence);
      expect(result.required_met).toBe(true);
      expect(result.profiles_met).toContain(p.name);
    });
    it('is not met when any one score is one lower', () => {
      if (p.activity > 0) expect(meets(p, exactly(p, { activity: p.activity - 1 }))).toBe(false);
      if (p.fraud > 0) expect(meets(p, exactly(p, { fraud: p.fraud - 1 }))).toBe(false);
      expect(meets(p, exactly(p, { verification: p.verification - 1 }))).toBe(false);
      p.evidence.forEach((e, i) => {
        const lower = (ds: number, dv: number) => p.evidence.map((x, j) => (j === i ? [x.strength - ds, x.validity - dv] : [x.strength, x.validity]) as [number, number]);
        expect(meets(p, exactly(p, { evidence: lower(1, 0) })), `evidence ${i + 1} strength`).toBe(false);
        expect(meets(p, exactly(p, { evidence: lower(0, 1) })), `evidence ${i + 1} validity`).toBe(false);
      });
    });
    it('is not met with one piece of evidence fewer', () => {
      if (p.evidence.length > 1) expect(meets(p, exactly(p, { evidence: p.evidence.slice(1).map((e) => [e.strength, e.validity]) }))).toBe(false);
      else expect(meets(p, exactly(p, { evidence: [] }))).toBe(false);
    });
  });

  it('one piece of evidence never counts twice (M2B needs two different pieces)', () => {
    const m2b = PROFILES.find((p) => p.name === 'M2B')!;
    expect(meets(m2b, exactly(m2b, { evidence: [[4, 4]] }))).toBe(false);
    expect(meets(m2b, exactly(m2b, { evidence: [[2, 2], [3, 2]] }))).toBe(true);
  });

  it('reports the highest level reached and the first profile of it, in the guide\'s order', () => {
    const h1a = PROFILES.find((p) => p.name === 'H1A')!;
    const r = evaluateGpg45(exactly(h1a), 'MEDIUM');
    expect(r).toMatchObject({ confidence: 'HIGH', profile: 'H1A', required: 'MEDIUM', required_met: true, missing_codes: [] });
    expect(r.profiles_met).toEqual(expect.arrayContaining(['M1A', 'M1C', 'H1A']));
    expect(r.to_raise).toBeNull();
  });

  it('nothing at all reaches no level, and names what the required level lacks', () => {
    const none: Gpg45Scores = { evidence: [], activity: item(0), fraud: item(0), verification: item(0) };
    const r = evaluateGpg45(none, 'MEDIUM');
    expect(r).toMatchObject({ confidence: null, profile: null, required_met: false });
    expect(r.to_raise?.confidence).toBe('MEDIUM');
    expect(r.missing_codes.some((c) => c.startsWith('VERIFICATION_LT_'))).toBe(true);
    expect(r.missing_codes.some((c) => c.startsWith('NO_EVIDENCE_STRENGTH_'))).toBe(true);
  });

  it('a shortfall names the evidence it is nearest to', () => {
    const m1c = PROFILES.find((p) => p.name === 'M1C')!;
    const s = shortfalls(m1c, exactly(m1c, { evidence: [[3, 1]] }));
    expect(s).toEqual([expect.objectContaining({ code: 'EVIDENCE_VALIDITY_LT_3', text: expect.stringContaining('strength 3, validity 1') })]);
  });
});

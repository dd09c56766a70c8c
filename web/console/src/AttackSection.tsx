import { formatScore as fmt } from './format.tsx';
import { reasonSentence } from './reasons.ts';

/**
 * The passive presentation-attack checks on the live frame, as the report's details hold them
 * (src/modules/onboarding/checks/face.ts): the species detectors (ADR 0204), the selfie model's own spoof
 * score, and whether an uploaded selfie is the person of the live capture.
 */
export interface PresentationAttack {
  decision: string;
  enforced: boolean;
  attack_suspected: boolean;
  reasons: string[];
  detectors?: { family: string; signal: string; value: number; threshold: number; flagged: boolean }[];
}
export interface PassiveLiveness { score: number; model: string }
export interface SelfieVsLive { similarity: number | null; threshold: number; decision: string }

const FAMILY_NAMES: Record<string, string> = { print: 'Printed photo', screen: 'Photo of a screen or replayed video', cutout: 'Cut-out face' };
const SIGNAL_NAMES: Record<string, string> = {
  halftone: 'halftone dot lattice in a colour channel',
  grid: 'pixel grid peaks in the brightness spectrum',
  oval: 'hard closed edge around the face',
};

/** Each attack detector's signal beside its own threshold, so a reviewer can see how near a capture came. */
export function AttackSection({ attack, passive, selfieVsLive }: { attack?: PresentationAttack; passive?: PassiveLiveness | null; selfieVsLive?: SelfieVsLive }) {
  return (
    <section className="card" aria-labelledby="onb-attack">
      <h2 id="onb-attack">Presentation-attack checks</h2>
      {attack && (
        <>
          <dl className="facts">
            <dt>Decision</dt><dd><span className={`badge ${attack.decision === 'PASSED' ? 'good' : 'bad'}`} data-testid="attack-decision">{attack.decision}</span></dd>
            <dt>Policy</dt><dd>{attack.enforced ? 'Enforced: a flag fails the face match and sends the report to review.' : 'Reported only: the detectors did not meet their error targets when last evaluated, so a flag does not decide.'}</dd>
            <dt>Reasons</dt><dd>{attack.reasons.length ? attack.reasons.map((r) => reasonSentence(r)).join(' ') : 'None'}</dd>
          </dl>
          {attack.detectors && attack.detectors.length > 0 && (
            <table>
              <caption>Each detector's signal against its threshold (a signal at or above its threshold flags)</caption>
              <thead><tr><th scope="col">Attack</th><th scope="col">Signal</th><th scope="col">Value</th><th scope="col">Threshold</th><th scope="col">Result</th></tr></thead>
              <tbody>
                {attack.detectors.map((d) => (
                  <tr key={d.family} data-testid="attack-detector">
                    <td>{FAMILY_NAMES[d.family] ?? d.family}</td><td>{SIGNAL_NAMES[d.signal] ?? d.signal}</td>
                    <td>{fmt(d.value)}</td><td>{fmt(d.threshold)}</td>
                    <td><span className={`badge ${d.flagged ? 'bad' : 'good'}`}>{d.flagged ? 'flagged' : 'clear'}</span></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <dl className="facts">
        {passive && <><dt>Spoof model score</dt><dd>{fmt(passive.score)} ({passive.model}; reported, and decides only where a minimum is configured)</dd></>}
        {selfieVsLive && <><dt>Uploaded selfie against the live frame</dt><dd>{fmt(selfieVsLive.similarity)} (threshold {fmt(selfieVsLive.threshold)}): {selfieVsLive.decision === 'PASSED' ? 'the same person' : 'not shown to be the same person'}</dd></>}
      </dl>
    </section>
  );
}

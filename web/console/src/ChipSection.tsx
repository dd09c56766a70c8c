import { formatScore } from './format.tsx';
import { reasonSentence } from './reasons.ts';

/**
 * The chip check as the report's details hold it (`details.chip`: src/modules/biometrics/chip/passive-auth.ts
 * ChipResult with the portrait's face match). Each binding a reviewer must be able to defend is one row: the
 * data signed, the signer trusted, the chip of the document photographed, the chip genuine (not cloned), and
 * the chip's portrait the person.
 */
interface Certificate { subject: string; issuer: string; country: string | null; not_before: string; not_after: string; key: { type: string; curve: string | null; bits: number | null } | null }
export interface ChipDetails {
  passed: boolean;
  reasons?: string[];
  warnings?: string[];
  errors: string[];
  sod?: { hash_algorithm: string; lds_version: string | null; signature_algorithm: string | null; signature_scheme?: string | null } | null;
  data_groups?: { number: number; provided: boolean; in_sod: boolean; hash_matches: boolean | null }[];
  signature_valid?: boolean | null;
  document_signer?: Certificate | null;
  csca?: Certificate | null;
  chain_valid?: boolean | null;
  chain_message?: string | null;
  revoked?: boolean | null;
  issuing_state?: string | null;
  country_matches?: boolean | null;
  mrz?: { chip: string | null; printed_matches: boolean | null; protected_fields_differ?: string[] };
  active_authentication?: { supported: boolean; performed: boolean; challenge_valid: boolean | null; signature_valid: boolean | null; algorithm: string | null };
  chip_authentication?: { supported: boolean; performed: boolean; session_valid: boolean | null; verified: boolean | null; protocol: string | null };
  face_match?: { similarity: number | null; threshold: number; decision: string; reasons?: string[] } | null;
}

type Outcome = 'pass' | 'fail' | 'not checked';
interface Row { check: string; outcome: Outcome; detail: string }

const of = (v: boolean | null | undefined): Outcome => (v === true ? 'pass' : v === false ? 'fail' : 'not checked');
const keyOf = (c: Certificate) => (c.key ? `${c.key.type}${c.key.curve ? ` ${c.key.curve}` : ''}${c.key.bits ? ` ${c.key.bits} bits` : ''}` : 'key not read');

/** The rows, in the order the bindings build on each other. */
function chipRows(chip: ChipDetails): Row[] {
  const groups = chip.data_groups ?? [];
  const badHashes = groups.filter((g) => g.hash_matches === false).map((g) => `DG${g.number}`);
  const checked = groups.filter((g) => g.hash_matches !== null).map((g) => `DG${g.number}`);
  const aa = chip.active_authentication;
  const ca = chip.chip_authentication;
  return [
    { check: 'Data groups match the signed hashes', outcome: badHashes.length ? 'fail' : checked.length ? 'pass' : 'not checked', detail: badHashes.length ? `altered after signing: ${badHashes.join(', ')}` : checked.length ? `${checked.join(', ')} (${chip.sod?.hash_algorithm ?? 'hash'})` : 'no data group could be compared' },
    { check: 'Security object signed by the document signer', outcome: of(chip.signature_valid), detail: chip.document_signer ? `${chip.document_signer.subject}; ${keyOf(chip.document_signer)}${chip.sod?.signature_scheme ?? chip.sod?.signature_algorithm ? `; ${chip.sod?.signature_scheme ?? chip.sod?.signature_algorithm}` : ''}` : 'no document signer certificate' },
    { check: 'Document signer issued by a trusted CSCA', outcome: of(chip.chain_valid), detail: chip.csca ? `${chip.csca.subject}, valid ${chip.csca.not_before.slice(0, 10)} to ${chip.csca.not_after.slice(0, 10)}` : (chip.chain_message ?? 'no trusted CSCA found for this signer') },
    { check: 'Document signer not revoked', outcome: chip.revoked === true ? 'fail' : chip.revoked === false ? 'pass' : 'not checked', detail: chip.revoked === null || chip.revoked === undefined ? 'no revocation list held for this CSCA' : chip.revoked ? 'on its CSCA\'s revocation list' : 'not on its CSCA\'s revocation list' },
    { check: 'CSCA and signer of the issuing state', outcome: of(chip.country_matches), detail: `issuing state in DG1: ${chip.issuing_state ?? 'not read'}; CSCA country: ${chip.csca?.country ?? 'unknown'}` },
    { check: 'Chip is the document photographed (DG1 against the printed MRZ)', outcome: of(chip.mrz?.printed_matches), detail: chip.mrz?.protected_fields_differ?.length ? `differs in ${chip.mrz.protected_fields_differ.join(', ')}` : chip.mrz?.printed_matches === null ? 'no MRZ read from the photo to compare' : 'equal' },
    { check: 'Active authentication (chip signs the server\'s challenge)', outcome: !aa?.supported ? 'not checked' : aa.performed ? (aa.challenge_valid && aa.signature_valid ? 'pass' : 'fail') : 'fail', detail: !aa?.supported ? 'the chip has no DG15 key' : !aa.performed ? 'supported but not performed' : `challenge ${aa.challenge_valid ? 'issued for this run' : 'not valid'}, signature ${aa.signature_valid ? 'verifies' : 'does not verify'}${aa.algorithm ? ` (${aa.algorithm})` : ''}` },
    { check: 'Chip authentication (DG14 key agreed with the server)', outcome: !ca?.supported ? 'not checked' : ca.performed ? (ca.session_valid && ca.verified ? 'pass' : 'fail') : 'not checked', detail: !ca?.supported ? 'the chip has no DG14 key' : !ca.performed ? 'supported, not performed' : `${ca.protocol ?? 'protocol unknown'}: ${ca.verified ? 'the chip\'s answers verify' : 'the answers do not verify'}` },
    { check: 'Chip portrait (DG2) is the person', outcome: chip.face_match ? (chip.face_match.decision === 'PASSED' ? 'pass' : 'fail') : 'not checked', detail: chip.face_match ? `similarity ${formatScore(chip.face_match.similarity)} (threshold ${formatScore(chip.face_match.threshold)})${chip.face_match.reasons?.length ? `; ${chip.face_match.reasons.join(', ').replace(/_/g, ' ').toLowerCase()}` : ''}` : 'no portrait compared' },
  ];
}

const BADGE: Record<Outcome, string> = { pass: 'good', fail: 'bad', 'not checked': 'warn' };

export function ChipSection({ chip }: { chip: ChipDetails }) {
  const reasons = chip.reasons ?? [];
  return (
    <section className="card" aria-labelledby="onb-chip">
      <h2 id="onb-chip">Chip (NFC)</h2>
      <dl className="facts">
        <dt>Result</dt><dd><span className={`badge ${chip.passed ? 'good' : 'bad'}`} data-testid="chip-result">{chip.passed ? 'verified' : 'not verified'}</span></dd>
        <dt>Reasons</dt><dd>{reasons.length ? reasons.map((r) => reasonSentence(`CHIP_${r}`)).join(' ') : 'None'}</dd>
        {chip.errors.length > 0 && <><dt>Errors</dt><dd><ul>{chip.errors.map((e) => <li key={e}>{e}</li>)}</ul></dd></>}
      </dl>
      {chip.data_groups && (
        <table>
          <caption>What binds the chip to the document and the person</caption>
          <thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">Detail</th></tr></thead>
          <tbody>
            {chipRows(chip).map((row) => (
              <tr key={row.check} data-testid="chip-check">
                <th scope="row">{row.check}</th>
                <td><span className={`badge ${BADGE[row.outcome]}`}>{row.outcome}</span></td>
                <td>{row.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

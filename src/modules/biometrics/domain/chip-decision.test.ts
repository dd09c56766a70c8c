import { describe, expect, it } from 'vitest';
import { countryMatches, decideChip, issuingStateAlpha2, type ChipFacts } from './chip-decision.ts';

const genuine: ChipFacts = {
  sodValid: true,
  dataGroups: [{ number: 1, provided: true, inSod: true, hashMatches: true }, { number: 2, provided: true, inSod: true, hashMatches: true }],
  dsCertificatePresent: true, signatureValid: true, chainValid: true, trustStoreSize: 1,
  cscaCountry: 'GB', dsCountry: 'GB', issuingState: 'GBR', dsRevoked: false,
  dg1Valid: true, dg2Valid: true, mrzComparison: 'MATCH', portraitDecodable: true,
  aaSupported: false, aaRequired: true, aa: null, caSupported: false, ca: null,
};

describe('the chip decision', () => {
  it('maps MRZ issuing states to the C a CSCA carries, with ICAO codes', () => {
    expect(['GBR', 'GBD', 'D<<', 'UTO', 'UNO', 'EUE', 'NLD'].map(issuingStateAlpha2)).toEqual(['GB', 'GB', 'DE', 'UT', 'UN', 'EU', 'NL']);
  });

  it('the CSCA and the document signer must be of the issuing state; a CSCA naming no country fails', () => {
    expect(decideChip(genuine)).toEqual({ passed: true, reasons: [], warnings: [] });
    expect(decideChip({ ...genuine, cscaCountry: 'UT', dsCountry: 'UT' }).reasons).toEqual(['CSCA_COUNTRY_MISMATCH']);
    expect(decideChip({ ...genuine, dsCountry: 'FR' }).reasons).toEqual(['CSCA_COUNTRY_MISMATCH']);
    expect(decideChip({ ...genuine, cscaCountry: null }).reasons).toEqual(['CSCA_COUNTRY_MISMATCH']);
    expect(countryMatches({ cscaCountry: 'DE', dsCountry: null, issuingState: 'D<<' })).toBe(true);
    // An untrusted chain is CSCA_UNTRUSTED only: there is no CSCA whose country could be judged.
    expect(decideChip({ ...genuine, chainValid: false, cscaCountry: null }).reasons).toEqual(['CSCA_UNTRUSTED']);
  });

  it('a revoked document signer, a failed or missing active authentication', () => {
    expect(decideChip({ ...genuine, dsRevoked: true, chainValid: false }).reasons).toEqual(['DS_REVOKED']);
    expect(decideChip({ ...genuine, aaSupported: true }).reasons).toEqual(['AA_NOT_PERFORMED']);
    expect(decideChip({ ...genuine, aaSupported: true, aaRequired: false })).toMatchObject({ passed: true, warnings: ['AA_NOT_PERFORMED'] });
    expect(decideChip({ ...genuine, aaSupported: true, aa: { performed: true, challengeValid: true, signatureValid: false } }).reasons).toEqual(['AA_FAILED']);
    expect(decideChip({ ...genuine, aaSupported: true, aa: { performed: true, challengeValid: false, signatureValid: true } }).reasons).toEqual(['AA_CHALLENGE_INVALID']);
    expect(decideChip({ ...genuine, caSupported: true }).warnings).toEqual(['CA_NOT_VERIFIED']);
  });

  it('chip authentication on a server session: verified clears the warning, a failure or a session not ours fails the chip', () => {
    expect(decideChip({ ...genuine, caSupported: true, ca: { performed: true, sessionValid: true, verified: true } })).toEqual({ passed: true, reasons: [], warnings: [] });
    expect(decideChip({ ...genuine, caSupported: true, ca: { performed: true, sessionValid: true, verified: false } })).toMatchObject({ passed: false, reasons: ['CA_FAILED'], warnings: [] });
    expect(decideChip({ ...genuine, caSupported: true, ca: { performed: true, sessionValid: false, verified: false } })).toMatchObject({ passed: false, reasons: ['CA_SESSION_INVALID'] });
  });

  it('DG1 against the printed MRZ: a protected field is MRZ_MISMATCH, an unprotected one MRZ_UNPROTECTED_MISMATCH, none printed a warning', () => {
    expect(decideChip({ ...genuine, mrzComparison: 'PROTECTED_FIELD_DIFFERS' }).reasons).toEqual(['MRZ_MISMATCH']);
    expect(decideChip({ ...genuine, mrzComparison: 'UNPROTECTED_FIELD_DIFFERS' }).reasons).toEqual(['MRZ_UNPROTECTED_MISMATCH']);
    expect(decideChip({ ...genuine, mrzComparison: null })).toEqual({ passed: true, reasons: [], warnings: ['NO_PRINTED_MRZ'] });
  });

  it('a signature checked and false is SIGNATURE_INVALID; one that could not be checked is SIGNATURE_ALGORITHM_UNSUPPORTED', () => {
    expect(decideChip({ ...genuine, signatureValid: false }).reasons).toEqual(['SIGNATURE_INVALID']);
    expect(decideChip({ ...genuine, signatureValid: false, signatureUnsupported: true }).reasons).toEqual(['SIGNATURE_ALGORITHM_UNSUPPORTED']);
    // Without a document signer certificate there was nothing to check it with, whatever the algorithm.
    expect(decideChip({ ...genuine, dsCertificatePresent: false, signatureValid: false, signatureUnsupported: true }).reasons).toEqual(['DS_CERTIFICATE_MISSING']);
  });
});

/**
 * The onboarding's proof checks (onboarding/checks/proofs.ts) with the real document engine: a PDF proof of
 * identity is read through its page scans (it used to be skipped unless JPEG), and the proof of address
 * reports its kind, issuer and evidence for the reviewer.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createFaceService } from '../../src/modules/biometrics/index.ts';
import { createDocumentService } from '../../src/modules/documents/index.ts';
import { checkProofs } from '../../src/modules/onboarding/checks/proofs.ts';
import type { Run } from '../../src/modules/onboarding/checks/run.ts';
import type { FileRow } from '../../src/modules/onboarding/onboarding.repo.ts';
import { textPdf } from '../../src/platform/domain/text-pdf.ts';
import { imagePdf } from './image-pdf.ts';

// The real face engine finds the portrait (the authenticity check needs it for a passport to be PASSED).
const faces = createFaceService({ passiveLiveness: false });
const documents = createDocumentService({ vizCheck: false, faces: { find: (image) => faces.analyze(image) } });
afterAll(async () => { await documents.close(); await faces.close(); });

function run(uploads: Record<string, Buffer>): Run {
  return {
    row: {} as Run['row'], answers: { personal_details: { address: { street: '12 Acacia Ave', postcode: 'SW1A 1AA', city: 'London' } } } as Run['answers'],
    contact: { first_name: 'John', last_name: 'Smith', middle_name: '', date_of_birth: '1990-01-15', primary_address: {} } as unknown as Run['contact'],
    today: '2026-11-22', read: async (slot) => uploads[slot], documents, faces: {} as Run['faces'], reasons: [], details: {}, capture: async () => undefined, legacyLivenessFiles: [],
  };
}
const files = (types: Record<string, string>) => new Map(Object.entries(types).map(([slot, media_type]) => [slot, { slot, media_type } as FileRow]));

describe('proof checks in onboarding', { timeout: 120_000 }, () => {
  it('a PDF proof of identity (a scanned passport page) is read, not skipped', async () => {
    const pdf = await imagePdf([{ image: readFileSync(new URL('./fixtures/passport-gbr.jpg', import.meta.url)) }]);
    const r = run({ proof_of_identity: pdf });
    await checkProofs(r, files({ proof_of_identity: 'application/pdf' }));
    expect(r.details.proof_of_identity).toMatchObject({ document_type: 'Passport', decision: 'PASSED', media_type: 'application/pdf' });
    expect(r.reasons).toEqual([]);
  });

  it('a PDF with no scan in it as proof of identity: REFER, said so (never silently skipped)', async () => {
    const r = run({ proof_of_identity: textPdf(['Passport', 'John Smith']) });
    await checkProofs(r, files({ proof_of_identity: 'application/pdf' }));
    expect(r.details.proof_of_identity).toMatchObject({ decision: 'REFER', media_type: 'application/pdf' });
    expect(r.reasons).toEqual(['PROOF_OF_IDENTITY_REFER']);
  });

  it('proof of address: kind, issuer and evidence reach the reviewer; a typed page is REFER', async () => {
    const bill = textPdf(['British Gas', 'www.britishgas.co.uk', 'Mr John Smith', '12 Acacia Avenue', 'London SW1A 1AA', 'Bill date 03/11/2026', 'Account number 8500 1234 5678', 'Electricity 312 kWh', 'Amount due 98.72 GBP']);
    const good = run({ proof_of_address: bill });
    await checkProofs(good, files({ proof_of_address: 'application/pdf' }));
    expect(good.details.proof_of_address).toMatchObject({ decision: 'PASSED', kind: 'utility_bill', issuer: 'BRITISH GAS', source: 'pdf-text', evidence: { issuer: true, reference: true, amounts: true, vocabulary: true, letterhead: true } });
    const typed = run({ proof_of_address: textPdf(['Mr John Smith', '12 Acacia Avenue', 'London SW1A 1AA', '15/11/2026']) });
    await checkProofs(typed, files({ proof_of_address: 'application/pdf' }));
    expect(typed.details.proof_of_address).toMatchObject({ decision: 'REFER', kind: null });
    expect(typed.reasons).toEqual(['PROOF_OF_ADDRESS_REFER']);
  });
});

/**
 * The sandbox's scripted contact: answers every step of a sandbox link through the real flow API (the same
 * validation, uploads and submission a person's browser goes through) with data taken from the contact, so an
 * integration can reach READY, review and portal completion without a browser. Only for sandbox clients.
 */
import sharp from 'sharp';
import { AppError } from '../../platform/http/errors.ts';
import { textPdf } from '../../platform/domain/text-pdf.ts';
import { randomBytes } from 'node:crypto';
import type { FlowService, LivenessService } from '../onboarding/index.ts';

const today = (now: Date) => now.toISOString().slice(0, 10);
const yearsAgo = (now: Date, years: number) => `${now.getUTCFullYear() - years}${now.toISOString().slice(4, 10)}`;


/** A photo-sized JPEG (the sandbox engines do not read it; the upload checks still do). */
const photo = (shade: number) => sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: shade, g: 120, b: 200 - shade } } }).jpeg({ quality: 80 }).toBuffer();

/** A small frame of random pixels: each one new, so no two sessions share a frame (that would be a replay). */
const frame = () => sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } }).jpeg({ quality: 70 }).toBuffer();

/**
 * The liveness step as a page does it: a capture session started now, frames posted with its nonce for the
 * neutral start and each challenge, then finished. The sandbox's face engine acts the prompts it was given.
 */
async function captureLiveness(liveness: LivenessService, token: string) {
  const session = await liveness.start(token, { camera: { label: 'Sandbox camera', virtual: false } });
  for (let step = 0; step <= session.challenges.length; step++) {
    for (let i = 0; i < 3; i++) await liveness.frame(token, session.session_id, session.nonce, step, await frame());
  }
  await liveness.finish(token, session.session_id, session.nonce);
}

export async function completeSandboxFlow(flow: FlowService, liveness: LivenessService, token: string, now: Date) {
  const found = await flow.contactOf(token);
  if (!found || !found.sandbox) throw new AppError('not_found', 'This link does not belong to a sandbox client: only sandbox links can be completed by the scripted contact');
  const { contact } = found;
  const view = await flow.read(token);
  if (view.state !== 'open') throw new AppError('conflict', 'This verification has already been submitted.', { reason: 'ALREADY_SUBMITTED' });
  const a = contact.primary_address;
  const address = { street: a.street || '1 Sandbox Street', city: a.city || 'London', postcode: a.postcode || 'SW1A 1AA', country: a.country_code || 'GB' };
  for (const step of view.steps) {
    if (step.complete) continue;
    switch (step.id) {
      case 'personal_details': await flow.saveStep(token, step.id, { address }); break;
      case 'unique_email': await flow.saveStep(token, step.id, { email: contact.email || 'sandbox.contact@example.com' }); break;
      case 'legal_names_history': await flow.saveStep(token, step.id, { names: [{ first_name: contact.first_name || 'Test', last_name: contact.last_name || 'Sandbox' }] }); break;
      case 'home_address_history': await flow.saveStep(token, step.id, { addresses: [{ ...address, from: yearsAgo(now, 3) }] }); break;
      case 'liveness':
        await captureLiveness(liveness, token);
        for (const upload of step.uploads) if (!upload.optional) await flow.upload(token, upload.slot, await photo(70));
        break;
      case 'proof_of_address': {
        const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
        // A bill with what the proof-of-address check asks of an issued one: a listed issuer, its web address,
        // an account number, the kind's words and an amount (documents/domain/poa-kind.ts).
        await flow.upload(token, 'proof_of_address', textPdf(['EDF Energy', 'www.edfenergy.com', `Statement date: ${today(now)}`, name, address.street, address.city, address.postcode, 'Account number 6001 2345 67', 'Electricity 312 kWh', 'Amount due 98.72 GBP']));
        break;
      }
      default:
        for (const [i, upload] of step.uploads.entries()) {
          if (upload.optional) continue;
          await flow.upload(token, upload.slot, await photo(40 + i * 30));
        }
    }
  }
  return flow.submit(token, { consent: true, language: 'en' });
}

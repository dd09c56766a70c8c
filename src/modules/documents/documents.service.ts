/**
 * Use cases of the documents module: check an identity document (photos of a passport, identity card or
 * UK driving licence) and a proof of address. Results are plain JSON, the same the CLI prints.
 */
import sharp from 'sharp';
import { decideDocument, type ContactForDocument, type Reason } from './domain/decision.ts';
import { checkDvaNumber, checkDvlaNumber, type DvlaCheck } from './domain/dvla.ts';
import type { LicenceCheck } from './domain/licence-decision.ts';
import { type DocumentDecision, documentFromMrz, type DocumentType, type ExtractedDocument, type IdscanFields, toIdscan } from './domain/extracted.ts';
import type { MrzResult } from './domain/mrz-parse.ts';
import type { QualityReport, QualityThresholds } from './domain/quality.ts';
import { parseUkLicenceText, type UkLicenceText } from './domain/uk-licence.ts';
import { readLicenceByLayout } from './licence-reader.ts';
import { good, type MrzReading, readMrz, score } from './mrz-reader.ts';
import { createTesseractRecogniser, type TextRecogniser } from './ocr.ts';
import { checkProofOfAddressText, type ProofOfAddressResult } from './domain/proof-of-address.ts';
import { extractDocumentText, isPdf, pdfPageScans, prepareForText, type TextSource } from './text-extract.ts';
import { compareVizWithMrz, namesAgreeInViz, type VizComparison } from './domain/viz.ts';
import { cardFrontPortrait, type FaceFinder, licenceSignals, mrzDocumentSignals, specimenWord } from './authenticity.ts';
import type { AuthenticitySignals } from './domain/authenticity/signals.ts';
import { type SecurityFeatures, securityFeatures } from './domain/authenticity/security-features.ts';
import { AUTHENTICITY_THRESHOLDS } from './domain/authenticity/thresholds.ts';
import { uncertainFields } from './domain/mrz-confidence.ts';

export interface DocumentServiceConfig {
  /** Below this age the decision is ALERT (UNDERAGE). Default 18. */
  minimumAge?: number;
  /** A proof of address must be issued within this many months before today. Default 3. */
  proofOfAddressMaxAgeMonths?: number;
  qualityThresholds?: QualityThresholds;
  /** Text recogniser; default: one Tesseract worker, created on first use, closed by `close()`. */
  ocr?: TextRecogniser;
  /** For `document_decision_date`; default the system clock. */
  now?: () => Date;
  /**
   * Read the visual zone above a valid MRZ and compare it with the MRZ (VIZ_MRZ_MISMATCH). Default true;
   * costs one page OCR (~0.3-1.5 s) per document whose MRZ was read.
   */
  vizCheck?: boolean;
  /**
   * Finds faces for the portrait signal (PORTRAIT_NOT_FOUND): the composition root passes the biometrics
   * engine. Without it no document can be PASSED (PORTRAIT_NOT_CHECKED).
   */
  faces?: FaceFinder;
  /** Measure the authenticity signals (domain/authenticity). Default true; false only for tests of reading. */
  authenticity?: boolean;
}

export interface IdentityDocumentResult {
  document_type: DocumentType;
  mrz: (Omit<MrzResult, 'fields'> & { fields: MrzResult['fields'] }) | null;
  extracted: ExtractedDocument | null;
  driving_licence: (UkLicenceText & { dvla: DvlaCheck | null; dva: LicenceCheck['dva'] }) | null;
  /** The visual zone compared field by field with the MRZ (null when not compared). */
  viz: VizComparison | null;
  /** The authenticity signals measured (null: not measured, nothing was read). */
  authenticity?: AuthenticitySignals | null;
  /** Whether the signals amount to GPG 45's visible security features checked (domain/authenticity/security-features.ts). */
  security_features?: SecurityFeatures;
  quality: QualityReport[];
  images: { index: number; mrz_found: boolean; mrz_valid: boolean; region: MrzReading['region']; engine: MrzReading['engine']; attempts: number }[];
  decision: DocumentDecision;
  reasons: Reason[];
  idscan: IdscanFields;
}

function better(a: MrzResult | null, b: MrzResult | null): boolean {
  if (!a) return false;
  return !b || score(a) > score(b);
}

/** A file that is not an image sharp can decode: a result with the reason, not an exception for the caller. */
function unreadable(error: unknown): MrzReading {
  if (!(error instanceof Error) || !/unsupported image format|Input buffer|corrupt|bad seek|VipsJpeg|pngload|Input file/i.test(error.message)) throw error;
  return {
    mrz: null, ocr_text: '', region: null, attempts: 0, engine: null, viz_image: null, page: null, typeface: null, second_reading: null,
    quality: { width: 0, height: 0, sharpness: 0, glare_fraction: 0, mean_brightness: 0, contrast: 0, problems: ['IMAGE_UNREADABLE'] },
  };
}

function licenceDocument(text: UkLicenceText): ExtractedDocument {
  return {
    document_type: 'Driving License',
    source: 'PRINTED',
    document_number: text.licence_number ?? '',
    last_name: text.surname ?? '',
    given_names: text.forenames ?? '',
    date_of_birth: text.birth_date,
    expiry_date: text.expiry_date,
    issue_date: text.issue_date,
    // Only a card shown to be DVLA's or DVA's is GBR; another country's keeps its own code, or none.
    issuing_state: text.country ?? '',
    nationality: '',
    sex: '',
  };
}

async function decodable(image: Buffer): Promise<boolean> {
  return sharp(image).metadata().then(() => true, () => false);
}

export function createDocumentService(config: DocumentServiceConfig = {}) {
  const ocr = config.ocr ?? createTesseractRecogniser();
  const minimumAge = config.minimumAge ?? 18;
  const now = config.now ?? (() => new Date());

  async function readLicence(images: Buffer[]): Promise<{ text: UkLicenceText; image: Buffer } | null> {
    for (const image of images) {
      if (!(await decodable(image))) continue;
      // By field position on the located card; the page text read the general way fills what that misses.
      const pageText = async () => parseUkLicenceText(await ocr.recognise(await prepareForText(image), 'text'));
      const { text } = await readLicenceByLayout(image, ocr, pageText);
      if (text.looks_like_licence) return { text, image };
    }
    return null;
  }

  /** Only a valid MRZ is worth comparing (its image then carries the zone above it). */
  async function compareViz(image: Buffer | null, mrz: MrzResult): Promise<{ viz: VizComparison; text: string } | null> {
    if (!image || !mrz.valid) return null;
    const text = await ocr.recognise(image, 'page');
    const f = mrz.fields;
    return { text, viz: compareVizWithMrz(text, { last_name: f.last_name, given_names: f.given_names, date_of_birth: f.birth_date, expiry_date: f.expiry_date, document_number: f.document_number }) };
  }

  /** `others`: the images other than the one the MRZ was read in (a TD1 card's front, with the portrait). */
  async function measure(reading: MrzReading | undefined, mrz: MrzResult | null, licenceImage: Buffer | null, others: Buffer[], vizText: string | null): Promise<AuthenticitySignals | null> {
    if (mrz && reading?.page) {
      const signals = await mrzDocumentSignals({ ...reading.page, format: mrz.format }, others, config.faces);
      return { ...signals, typeface: reading.typeface ? { shape: reading.typeface.shape, pitch_spread: reading.typeface.pitch_spread, start_spread: reading.typeface.start_spread, height_spread: reading.typeface.height_spread } : null, specimen_text: specimenWord(vizText) };
    }
    if (licenceImage) return licenceSignals(licenceImage, config.faces);
    return null;
  }

  async function checkIdentityDocument(input: { images: Buffer[]; contact?: ContactForDocument; today: string }): Promise<IdentityDocumentResult> {
    if (input.images.length === 0) throw new Error('at least one image is required');
    // A PDF (a scanned passport page as proof of identity) is read through the scans of its first pages.
    const images: Buffer[] = [];
    for (const file of input.images) {
      if (!isPdf(file)) images.push(file);
      else {
        const scans = await pdfPageScans(file).catch(() => []);
        images.push(...(scans.length > 0 ? scans : [file]));
      }
    }
    input = { ...input, images };
    const readings: MrzReading[] = [];
    for (const image of input.images) {
      const reading = await readMrz(image, ocr, { today: input.today, thresholds: config.qualityThresholds }).catch((error: unknown) => unreadable(error));
      readings.push(reading);
      if (good(reading.mrz)) break;
    }
    let mrz = readings.reduce<MrzResult | null>((best, r) => (better(r.mrz, best) ? r.mrz : best), null);
    let licence: IdentityDocumentResult['driving_licence'] = null;
    let document: ExtractedDocument | null = null;
    let licenceImage: Buffer | null = null;
    // A licence has no MRZ, but the MRZ search can still string its print into lines that fail check digits
    // (every one, or all but one by chance): such lines are noise, and the card is read as a licence instead.
    const noise = mrz !== null && !mrz.check_digits.some((c) => c.valid);
    if (!mrz || !mrz.valid) {
      const found = await readLicence(input.images);
      const text = found?.text;
      // Lines that fail some check digits lose to a card whose issuer shows (title, band, authority, number).
      if (text && (!mrz || noise || text.issuer !== null)) {
        mrz = null;
        licenceImage = found.image;
        document = licenceDocument(text);
        const dvla = text.licence_number && text.issuer !== 'OTHER' && text.issuer !== 'DVA' ? checkDvlaNumber(text.licence_number, { lastName: text.surname ?? undefined, givenNames: text.forenames ?? undefined, birthDate: text.birth_date }) : null;
        const dva = text.issuer === 'DVA' && text.licence_number ? checkDvaNumber(text.licence_number) : null;
        licence = { ...text, dvla, dva };
      }
    }
    if (!licence && mrz) document = documentFromMrz(mrz);
    const quality = readings.map((r) => r.quality);
    const reading = readings.find((r) => r.mrz === mrz);
    const compared = mrz && config.vizCheck !== false ? await compareViz(reading?.viz_image ?? null, mrz) : null;
    const viz = compared?.viz ?? null;
    const others = input.images.filter((_, i) => readings[i] !== reading);
    const authenticity = document && config.authenticity !== false ? await measure(reading, mrz, licenceImage, others, compared?.text ?? null) : undefined;
    // Character confidence only for a reading the check digits accept (otherwise it is REFER already).
    const tf = reading?.typeface;
    const trusted = tf && tf.pitch_spread <= AUTHENTICITY_THRESHOLDS.gridTrusted.pitchSpread && tf.start_spread <= AUTHENTICITY_THRESHOLDS.gridTrusted.startSpread;
    const uncertain = mrz?.valid && reading ? uncertainFields(mrz, trusted ? tf.margins : null, AUTHENTICITY_THRESHOLDS, { second: reading.second_reading, namesInViz: namesAgreeInViz(viz) }) : [];
    const licenceCheck: LicenceCheck | null = licence ? { issuer: licence.issuer, country: licence.country, dvla: licence.dvla, dva: licence.dva, uncertain_fields: licence.uncertain_fields } : null;
    const { decision, reasons } = decideDocument({ document, mrz, dvla: licence?.dvla ?? null, licence: licenceCheck, quality, viz, authenticity, uncertain, contact: input.contact, today: input.today, minimumAge });
    return {
      document_type: document?.document_type ?? 'Unknown',
      mrz,
      extracted: document,
      driving_licence: licence,
      viz,
      authenticity: authenticity ?? null,
      security_features: securityFeatures(authenticity),
      quality,
      images: readings.map((r, index) => ({ index, mrz_found: r.mrz !== null, mrz_valid: r.mrz?.valid ?? false, region: r.region, engine: r.engine, attempts: r.attempts })),
      decision,
      reasons,
      idscan: toIdscan(document, decision, now().toISOString()),
    };
  }

  async function checkProofOfAddress(input: { file: Buffer; contact: ProofOfAddressContact; today: string }): Promise<ProofOfAddressResult & { source: TextSource; text: string }> {
    // Neither a PDF nor a decodable image: no text, which the matcher reports as POA_UNREADABLE.
    const { text, source } = isPdf(input.file) || (await decodable(input.file))
      ? await extractDocumentText(input.file, ocr).catch(() => ({ text: '', source: 'pdf-text' as TextSource }))
      : { text: '', source: 'ocr' as const };
    return { source, text, ...checkProofOfAddressText(text, input.contact, { today: input.today, maxAgeMonths: config.proofOfAddressMaxAgeMonths ?? 3 }) };
  }

  /**
   * Whether one photo shows a card's front, its portrait (authenticity.ts `cardFrontPortrait`): the hosted flow's
   * feedback asks it of a card side where no MRZ was read. `checked` is false without a face finder.
   */
  async function findCardPortrait(image: Buffer): Promise<{ checked: boolean; found: boolean }> {
    if (!config.faces || !(await decodable(image))) return { checked: false, found: false };
    return { checked: true, found: (await cardFrontPortrait(image, config.faces)).found };
  }

  return {
    checkIdentityDocument,
    findCardPortrait,
    /** The spec's `proof_of_identity` upload: a second identity document, checked exactly as the first. */
    checkProofOfIdentity: checkIdentityDocument,
    checkProofOfAddress,
    /** Ends the OCR worker; a later call starts a new one. */
    close: () => ocr.close(),
  };
}

export type ProofOfAddressContact = Parameters<typeof checkProofOfAddressText>[1];
export type DocumentService = ReturnType<typeof createDocumentService>;

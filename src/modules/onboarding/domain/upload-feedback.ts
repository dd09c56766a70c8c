/**
 * The hosted flow's feedback on a photo of an identity document (pure): is it the side the slot asks for, and can
 * it be used? Judged from what one read of the photo found and the document the contact said they photograph (the
 * page's choice, sent with the upload: guidance for these words only, never an input to the document decision,
 * which the processing job takes from every image; ADR 0211).
 */
import type { DocumentKind } from './parameters.ts';

/** Every problem of the side rule below; the page has words for each (web/verify/src/i18n.ts, test/web/i18n.test.ts). */
export const SIDE_PROBLEMS = ['DOCUMENT_NOT_READ', 'DOCUMENT_BACK_AS_FRONT', 'DOCUMENT_FRONT_AS_BACK', 'DOCUMENT_PORTRAIT_NOT_SEEN', 'DOCUMENT_MRZ_NOT_READ'] as const;
type SideProblem = (typeof SIDE_PROBLEMS)[number];

/**
 * The slot's side: `document_front` is the front, `document_back` the back; `single` is a document's only image
 * (`proof_of_identity`), whichever side the contact chose to send: it only has to read.
 */
export type DocumentSide = 'front' | 'back' | 'single';

/** What one read of the photo found (documents' `checkIdentityDocument`, and a portrait search where needed). */
export interface SideReading {
  /** Image-quality problems: IMAGE_BLURRY, IMAGE_GLARE, ... */
  quality: string[];
  /** The MRZ read, if any; `plausible` when at least one check digit holds (lines failing every one are noise). */
  mrz: { format: string; plausible: boolean } | null;
  /** A driving licence's printed fields were read: a photocard licence's front. */
  licence: boolean;
  /** A face in a card front's portrait zone; undefined when it was not looked for or could not be. */
  portrait?: boolean;
}

/**
 * The kinds whose MRZ is on the back (ICAO 9303-5, TD1): a national identity card (a residence permit, the same
 * layout, is judged alike when sent under this kind; the page has no kind of its own for one). Their front is the
 * photo side, with no MRZ. A UK licence has no MRZ at all and is read by its printed fields; a passport prints its
 * MRZ on the photo page.
 */
const MRZ_ON_THE_BACK: ReadonlySet<DocumentKind> = new Set(['identity_card']);

const mrzOnTheBack = (kind: DocumentKind | undefined) => kind !== undefined && MRZ_ON_THE_BACK.has(kind);
/** A TD1 MRZ that is not noise is always a card's back, whatever kind was chosen. */
const showsCardBack = (r: SideReading) => r.mrz?.format === 'TD1' && r.mrz.plausible;
/** An MRZ printed on the photo side (TD2, TD3: a passport page, an older card): the front can be read. */
const frontMrz = (r: SideReading) => r.mrz !== null && r.mrz.format !== 'TD1';

/**
 * Whether the photo needs a face search before `documentSideProblems` can judge it: only a side of a card whose MRZ
 * is on the back where the read did not already tell (a front without its MRZ's help, a back without a readable MRZ).
 */
export function needsPortraitSearch(side: DocumentSide, kind: DocumentKind | undefined, reading: SideReading): boolean {
  if (side === 'single' || !mrzOnTheBack(kind)) return false;
  return side === 'front' ? !showsCardBack(reading) && !frontMrz(reading) : !reading.mrz?.plausible;
}

/**
 * The problems the page shows (none: the photo can be used). Quality comes first; then the side:
 * - a front: a card's back (a TD1 MRZ) is DOCUMENT_BACK_AS_FRONT for any kind. A card with its MRZ on the back needs
 *   its portrait (DOCUMENT_PORTRAIT_NOT_SEEN), unless an MRZ of the photo side was read; every other document, or an
 *   unknown kind (a page that does not say), needs an MRZ or a licence's fields (DOCUMENT_NOT_READ), as before.
 * - a back: a card with its MRZ on the back needs a readable MRZ; without one, its portrait makes it the front
 *   (DOCUMENT_FRONT_AS_BACK), else DOCUMENT_MRZ_NOT_READ. For any other kind a back only needs to be sharp, but a
 *   licence's front read there is DOCUMENT_FRONT_AS_BACK.
 * - a single image (a proof of identity): an MRZ or a licence's fields, whichever side (DOCUMENT_NOT_READ).
 * A portrait that could not be looked for (no face engine) raises no problem of its own: the processing job judges.
 */
export function documentSideProblems(side: DocumentSide, kind: DocumentKind | undefined, reading: SideReading): string[] {
  const problems = [...new Set(reading.quality)];
  const add = (problem: SideProblem) => problems.push(problem);
  if (side === 'single') {
    if (!reading.mrz && !reading.licence) add('DOCUMENT_NOT_READ');
    return problems;
  }
  if (side === 'front') {
    if (showsCardBack(reading)) add('DOCUMENT_BACK_AS_FRONT');
    else if (mrzOnTheBack(kind)) {
      if (!frontMrz(reading) && reading.portrait === false) add('DOCUMENT_PORTRAIT_NOT_SEEN');
    } else if (!reading.mrz && !reading.licence) add('DOCUMENT_NOT_READ');
    return problems;
  }
  if (mrzOnTheBack(kind)) {
    if (!reading.mrz?.plausible) {
      if (reading.portrait === true) add('DOCUMENT_FRONT_AS_BACK');
      else add('DOCUMENT_MRZ_NOT_READ');
    }
  } else if (reading.licence) add('DOCUMENT_FRONT_AS_BACK');
  return problems;
}

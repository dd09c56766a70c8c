import { describe, expect, it } from 'vitest';
import { documentSideProblems, needsPortraitSearch, type SideReading } from './upload-feedback.ts';

const nothing: SideReading = { quality: [], mrz: null, licence: false };
const td1 = (plausible = true): SideReading => ({ ...nothing, mrz: { format: 'TD1', plausible } });
const td3: SideReading = { ...nothing, mrz: { format: 'TD3', plausible: true } };
const licence: SideReading = { ...nothing, licence: true };
const face = (found: boolean): SideReading => ({ ...nothing, portrait: found });

describe('documentSideProblems: the side in the slot, by the kind chosen', () => {
  it.each([
    // [slot side, kind, reading, problems]
    ['front', 'identity_card', face(true), []],
    ['front', 'identity_card', face(false), ['DOCUMENT_PORTRAIT_NOT_SEEN']],
    ['front', 'identity_card', nothing, []], // no face engine: nothing to complain of, processing judges
    ['front', 'identity_card', td3, []], // an MRZ on the photo side (TD2/TD3) reads the front
    ['front', 'identity_card', td1(), ['DOCUMENT_BACK_AS_FRONT']],
    ['front', 'passport', td1(), ['DOCUMENT_BACK_AS_FRONT']],
    ['front', undefined, td1(), ['DOCUMENT_BACK_AS_FRONT']],
    ['front', 'passport', face(true), ['DOCUMENT_NOT_READ']], // a passport page needs its MRZ, face or not
    ['front', 'passport', td3, []],
    ['front', 'driving_licence', licence, []],
    ['front', 'driving_licence', nothing, ['DOCUMENT_NOT_READ']],
    ['front', undefined, nothing, ['DOCUMENT_NOT_READ']],
    ['back', 'identity_card', td1(), []],
    ['back', 'identity_card', face(true), ['DOCUMENT_FRONT_AS_BACK']],
    ['back', 'identity_card', face(false), ['DOCUMENT_MRZ_NOT_READ']],
    ['back', 'identity_card', { ...td1(false), portrait: false }, ['DOCUMENT_MRZ_NOT_READ']], // lines failing every check digit
    ['back', 'driving_licence', nothing, []], // a licence's back only needs to be sharp
    ['back', 'driving_licence', licence, ['DOCUMENT_FRONT_AS_BACK']],
    ['back', undefined, licence, ['DOCUMENT_FRONT_AS_BACK']],
    ['back', undefined, nothing, []],
    // A proof of identity's only image: a TD1 back reads (as before), anything unread is not read, a face or not.
    ['single', undefined, td1(), []],
    ['single', 'identity_card', td1(), []],
    ['single', undefined, licence, []],
    ['single', 'identity_card', face(true), ['DOCUMENT_NOT_READ']],
  ] as const)('%s of %s, %j: %j', (side, kind, reading, problems) => {
    expect(documentSideProblems(side, kind, reading)).toEqual(problems);
  });

  it('quality problems come first, once each, and keep the photo unusable whatever the side', () => {
    expect(documentSideProblems('front', 'identity_card', { ...face(true), quality: ['IMAGE_BLURRY', 'IMAGE_BLURRY'] })).toEqual(['IMAGE_BLURRY']);
    expect(documentSideProblems('front', 'identity_card', { ...td1(), quality: ['IMAGE_GLARE'] })).toEqual(['IMAGE_GLARE', 'DOCUMENT_BACK_AS_FRONT']);
  });
});

describe('needsPortraitSearch: a face search only where the read does not tell', () => {
  it.each([
    ['front', 'identity_card', nothing, true],
    ['front', 'identity_card', td1(false), true], // noise lines say nothing of the side
    ['front', 'identity_card', td1(), false], // the back, by its MRZ
    ['front', 'identity_card', td3, false],
    ['front', 'passport', nothing, false],
    ['front', 'driving_licence', nothing, false],
    ['front', undefined, nothing, false],
    ['back', 'identity_card', nothing, true],
    ['back', 'identity_card', td1(), false],
    ['back', 'driving_licence', nothing, false],
    ['single', 'identity_card', nothing, false],
  ] as const)('%s of %s, %j: %s', (side, kind, reading, needed) => {
    expect(needsPortraitSearch(side, kind, reading)).toBe(needed);
  });
});

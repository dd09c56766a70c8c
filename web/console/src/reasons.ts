/**
 * One sentence per reason code, for the reviewer, on both report pages: the onboarding report's, the AML report's
 * (identity sources, PEP and sanctions, review memory) and a screening match's ("why it matched").
 * Onboarding codes: Codes come from the document engine
 * (src/modules/documents/domain/decision.ts, quality.ts), the face engine (FACE_*, LIVENESS_*, SELFIE_*, CHIP_*)
 * and processing (PROOF_OF_*). An unknown code is shown as it is, never hidden.
 */
const SENTENCES: Record<string, string> = {
  DOC_EXPIRED: 'The identity document has expired.',
  DOC_TYPE_NOT_ACCEPTED: 'This kind of document is not accepted for identity verification.',
  SPECIMEN: 'The document is a specimen (a sample issued for testing or training), not a real document.',
  UNDERAGE: 'The holder is younger than the minimum age.',
  DATE_INVALID: 'A date on the document does not exist or could not be read.',
  DATA_INCONSISTENT: 'The document contradicts itself (for example it expires before the holder was born).',
  COUNTRY_CODE_INVALID: 'The issuing state or nationality is not a known country code.',
  MRZ_NOT_FOUND: 'No machine-readable zone (MRZ) could be found or read on the document.',
  MRZ_CHECK_DIGIT: 'At least one MRZ check digit does not match the characters it protects.',
  MRZ_CORRECTED: 'Characters of the MRZ were corrected after reading (each confirmed by a check digit or the country list).',
  MRZ_NAME_UNREADABLE: 'The name in the MRZ could not be read with confidence.',
  MRZ_SEX_INVALID: 'The sex field of the MRZ is not M, F or <.',
  VIZ_MRZ_MISMATCH: 'The printed page shows different data than the machine-readable zone.',
  VIZ_UNREADABLE: 'The printed page could not be read to compare it with the MRZ.',
  CONTACT_MISMATCH_NAME: 'The name on the document differs from the contact\'s name.',
  CONTACT_MISMATCH_DOB: 'The date of birth on the document differs from the contact\'s.',
  CONTACT_MISMATCH_DOCUMENT_NUMBER: 'The document number differs from the one on record for the contact.',
  DL_FIELDS_UNREADABLE: 'The printed fields of the driving licence could not be read.',
  DL_NUMBER_UNREADABLE: 'The driving licence number could not be read.',
  DL_NUMBER_MISMATCH: 'The driving licence number does not agree with the holder\'s name or date of birth (DVLA rules).',
  IMAGE_UNREADABLE: 'An image could not be decoded.',
  IMAGE_TOO_SMALL: 'An image is too small to read reliably.',
  IMAGE_BLURRY: 'An image is blurry.',
  IMAGE_GLARE: 'An image has glare (bright reflections) over part of the document.',
  IMAGE_DARK: 'An image is too dark.',
  IMAGE_OVEREXPOSED: 'An image is overexposed.',
  IMAGE_LOW_CONTRAST: 'An image has too little contrast.',
  FACE_MISMATCH: 'The face in the selfie does not match the face on the document.',
  FACE_NOT_COMPARED: 'The faces could not be compared: the document or the selfie is missing.',
  FACE_NO_FACE_DOCUMENT: 'No face was found on the document.',
  FACE_NO_FACE_SELFIE: 'No face was found in the selfie.',
  FACE_MULTIPLE_FACES: 'More than one face was found in an image.',
  FACE_LOW_QUALITY: 'A face image is of too low quality to compare.',
  LIVENESS_FAILED: 'The liveness check failed: the photos do not show a live person following the instruction.',
  LIVENESS_TOO_FEW_FRAMES: 'Too few liveness photos were taken.',
  LIVENESS_TOO_MANY_FRAMES: 'Too many liveness photos were sent.',
  LIVENESS_NO_FACE_IN_FRAME: 'A liveness photo shows no face.',
  LIVENESS_MULTIPLE_FACES: 'A liveness photo shows more than one face.',
  LIVENESS_FACE_CHANGED: 'The face changed between liveness photos.',
  LIVENESS_NOT_FRONTAL_AT_START: 'The first liveness photo does not look straight at the camera.',
  LIVENESS_WRONG_DIRECTION: 'The head turned the other way than asked.',
  LIVENESS_TURN_NOT_DETECTED: 'No head turn was seen in the liveness photos.',
  SELFIE_NOT_USABLE: 'The selfie cannot be used.',
  SELFIE_NO_FACE_SELFIE: 'No face was found in the selfie.',
  SELFIE_MULTIPLE_FACES: 'The selfie shows more than one face.',
  SELFIE_FACE_TOO_SMALL: 'The face in the selfie is too small.',
  SELFIE_LOW_QUALITY: 'The selfie is of too low quality.',
  SELFIE_EYES_NOT_VISIBLE: 'The eyes are not visible in the selfie.',
  SELFIE_POSE_NOT_FRONTAL: 'The selfie does not look straight at the camera.',
  SELFIE_SPOOF_SUSPECTED: 'The selfie may be a photo of a photo or of a screen.',
  CHIP_AUTHENTIC: 'The passport chip was read and its data is signed by the issuing state.',
  CHIP_NOT_VERIFIED: 'The passport chip\'s data could not be verified as authentic.',
  CHIP_DATA_INVALID: 'The chip data sent by the phone could not be read.',
  PROOF_OF_ADDRESS_REFER: 'The proof of address needs a person\'s look (name, address or date not confirmed).',
  PROOF_OF_ADDRESS_ALERT: 'The proof of address contradicts the contact\'s details.',
  PROOF_OF_IDENTITY_REFER: 'The additional identity document needs a person\'s look.',
  PROOF_OF_IDENTITY_ALERT: 'The additional identity document raised an alert.',
  POA_UNREADABLE: 'The proof of address could not be read.',
  POA_NAME_NOT_FOUND: 'The contact\'s name was not found on the proof of address.',
  POA_ADDRESS_NOT_FOUND: 'The contact\'s address was not found on the proof of address.',
  POA_DATE_NOT_FOUND: 'No issue date was found on the proof of address.',
  POA_TOO_OLD: 'The proof of address is older than accepted.',
  // AML: identity (eidv/domain/decision.ts)
  SOURCES_GE_2: 'At least two independent sources confirmed the identity.',
  SOURCES_LT_2: 'Fewer than two independent sources confirmed the identity.',
  NAME_DOB_CONFIRMED: 'Name and date of birth were confirmed.',
  NAME_DOB_NOT_CONFIRMED: 'No source confirmed the name together with the date of birth.',
  NAME_ADDRESS_CONFIRMED: 'Name and address were confirmed.',
  NAME_ADDRESS_NOT_CONFIRMED: 'No source confirmed the name together with the address.',
  DECEASED: 'A source records this person as deceased.',
  SANDBOX_PERSONA: 'A sandbox test persona: the result was scripted, not checked.',
  // AML: screening (aml/domain/decision.ts)
  PEP_POTENTIAL_MATCH: 'The name may be on a list of politically exposed persons: decide for each potential match.',
  PEP_NOT_SCREENED: 'No PEP list was loaded, so PEP status was not checked.',
  SANCTIONS_POTENTIAL_MATCH: 'The name may be on a sanctions list: decide for each potential match.',
  SANCTIONS_NOT_SCREENED: 'No sanctions list was loaded, so sanctions were not checked.',
  NEW_MATCH_AFTER_LIST_UPDATE: 'A new potential match appeared when the lists were updated.',
  DISMISSED_MATCH_CHANGED: 'A dismissed match\'s list entry has changed since: look again.',
  CONFIRMED_MATCH_CHANGED: 'A confirmed match\'s list entry has changed since: look again.',
  CONFIRMED_MATCH_DELISTED: 'A confirmed match is no longer on the lists: say whether it still stands.',
  CONFIRMED_EARLIER: 'This match was confirmed in an earlier review.',
  DELISTED: 'The entry is no longer on the list.',
  // Screening: why a listed name matched (screening/domain/matcher.ts)
  NAME_EXACT: 'The names are the same.',
  NAME_FUZZY: 'The names are close but not the same (a typing or reading difference).',
  NAME_PHONETIC: 'The names sound the same.',
  NAME_REORDERED: 'The same names in another order.',
  NAME_PARTIAL: 'Only part of the name matches.',
  NAME_INITIALS: 'A name matches only by its initial.',
  NAME_EQUIVALENT: 'A given name matches through a known equivalent (for example Bill for William).',
  NAME_SPELLING_VARIANT: 'The names are spelling variants of each other.',
  NAME_TRANSLITERATED: 'The names match once written in the same alphabet.',
  NAME_TITLES_OR_FORMS_IGNORED: 'Titles or legal forms were ignored to compare the names.',
  WEAK_ALIAS: 'The listed name is a weak alias (a nickname or a loose form).',
  DOB_MATCH: 'The dates of birth are the same.',
  DOB_NEAR: 'The dates of birth are close (within a short gap).',
  DOB_YEAR_MATCH: 'The years of birth are the same.',
  DOB_MISMATCH: 'The dates of birth differ.',
  DOB_DISJOINT_WEAK_NAME: 'The dates of birth differ and the name is only a weak match.',
  GENDER_MATCH: 'The gender is the same.',
  GENDER_MISMATCH: 'The gender differs.',
  NATIONALITY_MATCH: 'A nationality is the same.',
  NATIONALITY_MISMATCH: 'The nationalities differ.',
  RESIDENCE_MATCH: 'The country of residence is the same.',
};

/** The codes as a list of sentences (one per line on the page), or `empty` when there is none. */
export function reasonSentences(codes: readonly string[]): string[] {
  return codes.map(reasonSentence);
}

export function reasonSentence(code: string): string {
  const known = SENTENCES[code];
  if (known) return known;
  if (code.startsWith('CHIP_')) return `The passport chip check reported ${code.slice(5).replace(/_/g, ' ').toLowerCase()}.`;
  // Already a sentence (a matcher's free text): shown as it is.
  if (!/^[A-Z0-9_]+$/.test(code)) return code;
  return `Reason code ${code}.`;
}

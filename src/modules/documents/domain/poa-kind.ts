/**
 * What kind of document a proof of address is, who issued it, and what on it looks issued rather than typed
 * (pure, on the text of the document folded to A-Z, digits and single spaces per line).
 *
 * Kinds: utility bill (energy, water, telephone and broadband), bank or building society statement, council
 * tax bill, HMRC letter. Evidence that it was issued (each one a signal the reviewer sees):
 *  - issuer:    a name from the list of UK issuers below, or a council's own name pattern;
 *  - reference: an account, customer, reference or sort code / account number in the forms issuers print;
 *  - amounts:   money written as issuers write it (£12.34, 12.34 GBP, 1,234.56 CR);
 *  - vocabulary: words of the kind (kWh, standing charge; balance brought forward; council tax band; tax year);
 *  - letterhead: the issuer's name in the first lines, and a contact or registration line (a phone number,
 *    a web address, "registered in England", a VAT or FCA number).
 * A page that carries the name, address and a date but not these is typed text, and is REFER.
 */

export type ProofKind = 'utility_bill' | 'bank_statement' | 'council_tax_bill' | 'hmrc_letter';

export interface ProofEvidence {
  kind: ProofKind | null;
  issuer: string | null;
  signals: { issuer: boolean; reference: boolean; amounts: boolean; vocabulary: boolean; letterhead: boolean };
}

/** Issuers by kind, as their names appear on their documents (folded: upper case, no punctuation). */
const ISSUERS: [ProofKind, string[]][] = [
  ['utility_bill', [
    'BRITISH GAS', 'EDF', 'EDF ENERGY', 'E ON', 'E ON NEXT', 'EON', 'OCTOPUS ENERGY', 'OVO', 'OVO ENERGY', 'SCOTTISH POWER', 'SSE', 'SSE AIRTRICITY',
    'SHELL ENERGY', 'UTILITA', 'SO ENERGY', 'GOOD ENERGY', 'OUTFOX THE MARKET', 'POWER NI', 'BUDGET ENERGY', 'FIRMUS ENERGY', 'SP ENERGY NETWORKS',
    'THAMES WATER', 'SEVERN TRENT', 'ANGLIAN WATER', 'UNITED UTILITIES', 'YORKSHIRE WATER', 'SOUTHERN WATER', 'SOUTH WEST WATER', 'WESSEX WATER',
    'NORTHUMBRIAN WATER', 'WELSH WATER', 'DWR CYMRU', 'SCOTTISH WATER', 'AFFINITY WATER', 'SOUTH EAST WATER', 'PORTSMOUTH WATER', 'NI WATER', 'BRISTOL WATER',
    'BT', 'BRITISH TELECOMMUNICATIONS', 'VIRGIN MEDIA', 'SKY', 'SKY UK', 'TALKTALK', 'PLUSNET', 'VODAFONE', 'EE', 'O2', 'THREE', 'HYPEROPTIC', 'COMMUNITYFIBRE',
  ]],
  ['bank_statement', [
    'BARCLAYS', 'HSBC', 'HSBC UK', 'LLOYDS', 'LLOYDS BANK', 'NATWEST', 'SANTANDER', 'HALIFAX', 'NATIONWIDE', 'NATIONWIDE BUILDING SOCIETY', 'TSB', 'METRO BANK',
    'MONZO', 'STARLING', 'STARLING BANK', 'THE CO OPERATIVE BANK', 'CO OPERATIVE BANK', 'ROYAL BANK OF SCOTLAND', 'BANK OF SCOTLAND', 'FIRST DIRECT',
    'VIRGIN MONEY', 'YORKSHIRE BUILDING SOCIETY', 'COVENTRY BUILDING SOCIETY', 'SKIPTON BUILDING SOCIETY', 'LEEDS BUILDING SOCIETY', 'ULSTER BANK',
    'DANSKE BANK', 'BANK OF IRELAND', 'CHASE', 'REVOLUT', 'CLYDESDALE BANK', 'AIB', 'TESCO BANK', 'MARKS SPENCER BANK',
  ]],
  ['hmrc_letter', ['HM REVENUE CUSTOMS', 'HM REVENUE AND CUSTOMS', 'HMRC']],
];

const VOCABULARY: Record<ProofKind, RegExp> = {
  utility_bill: /\b(KWH|STANDING CHARGE|UNIT RATE|METER READING|TARIFF|ELECTRICITY|GAS|WATER SUPPLY|SEWERAGE|BROADBAND|LINE RENTAL|DIRECT DEBIT|AMOUNT DUE|YOUR BILL)\b/,
  bank_statement: /\b(STATEMENT|BALANCE BROUGHT FORWARD|BALANCE CARRIED FORWARD|OPENING BALANCE|CLOSING BALANCE|SORT CODE|IBAN|PAYMENTS? IN|PAYMENTS? OUT|MONEY IN|MONEY OUT|OVERDRAFT)\b/,
  council_tax_bill: /\b(COUNCIL TAX|BAND [A-I]\b|VALUATION BAND|INSTALMENTS?|BILLING AUTHORITY|PROPERTY REFERENCE|SINGLE PERSON DISCOUNT)\b/,
  hmrc_letter: /\b(TAX YEAR|TAX CODE|NATIONAL INSURANCE|SELF ASSESSMENT|UNIQUE TAXPAYER REFERENCE|UTR|PAYE|P60|P800)\b/,
};

/** A council: "LONDON BOROUGH OF X", "X CITY COUNCIL", "X BOROUGH COUNCIL", "X DISTRICT COUNCIL", "X COUNCIL". */
const COUNCIL = /\b(LONDON BOROUGH OF [A-Z]+(?: [A-Z]+)?|ROYAL BOROUGH OF [A-Z]+(?: [A-Z]+)?|[A-Z]+(?: [A-Z]+)? (?:CITY|BOROUGH|DISTRICT|COUNTY|METROPOLITAN BOROUGH) COUNCIL|[A-Z]+(?: [A-Z]+)? COUNCIL)\b/;

const REFERENCE = [
  /\b(ACCOUNT|CUSTOMER|REFERENCE|REF|CONTRACT|BILL|INVOICE|PROPERTY|PAYMENT) ?(NUMBER|NO|REFERENCE|REF)?\b[ :]*[A-Z]{0,3} ?\d[\d ]{5,}/,
  /\bSORT CODE\b ?\d{2} ?\d{2} ?\d{2}\b/,
  /\b\d{2} \d{2} \d{2}\b \d{8}\b/,
  /\b[A-CEGHJ-PR-TW-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/, // a National Insurance number (HMRC)
  /\b(UTR|UNIQUE TAXPAYER REFERENCE)\b ?\d{5} ?\d{5}\b/,
];

/** Money as issuers print it, on the raw text (the pound sign and decimal point are folded away later). */
const AMOUNT = /(£|GBP ?|EUR ?)\s?\d{1,3}(,?\d{3})*\.\d{2}\b|\b\d{1,3}(,?\d{3})*\.\d{2}\s?(GBP|CR|DR)\b/i;
const CONTACT_LINE = /\b(WWW [A-Z0-9 ]+ (CO UK|COM|GOV UK|ORG UK)|0[0-9]{3} ?[0-9]{3} ?[0-9]{3,4}|0800 ?\d{3} ?\d{3,4}|REGISTERED IN (ENGLAND|SCOTLAND|NORTHERN IRELAND)|VAT (REG|NUMBER|NO)|FINANCIAL CONDUCT AUTHORITY|PRUDENTIAL REGULATION AUTHORITY|REGISTERED OFFICE|COMPANY (NO|NUMBER))\b/;

const hasWords = (hay: string, words: string) => ` ${hay} `.includes(` ${words} `);

/** `raw`: the text as read; `folded`: the same, folded (proof-of-address.ts fold). */
export function proofEvidence(raw: string, folded: string): ProofEvidence {
  const lines = folded.split('\n').map((l) => l.trim()).filter(Boolean);
  const flat = lines.join(' ');
  let kind: ProofKind | null = null;
  let issuer: string | null = null;
  // The longest listed name found wins (HSBC UK over HSBC); short names (BT, EE, O2, SKY) only as whole words.
  for (const [k, names] of ISSUERS) {
    for (const n of names) if (hasWords(flat, n) && (!issuer || n.length > issuer.length)) [kind, issuer] = [k, n];
  }
  const council = COUNCIL.exec(flat);
  const councilTax = /\bCOUNCIL TAX\b/.test(flat);
  if (council && councilTax && kind !== 'hmrc_letter') [kind, issuer] = ['council_tax_bill', council[1]!];
  // Without a known issuer the vocabulary still names the kind, for the reviewer; the issuer stays unknown.
  if (!kind) kind = (Object.keys(VOCABULARY) as ProofKind[]).find((k) => VOCABULARY[k].test(flat)) ?? null;
  const head = lines.slice(0, 6).join(' ');
  return {
    kind,
    issuer,
    signals: {
      issuer: issuer !== null,
      reference: REFERENCE.some((re) => re.test(flat)),
      amounts: kind === 'hmrc_letter' ? AMOUNT.test(raw) || /\b\d{3,4}[LMNTK]\b/.test(flat) : AMOUNT.test(raw),
      vocabulary: kind !== null && VOCABULARY[kind].test(flat),
      letterhead: issuer !== null && hasWords(head, issuer.split(' ')[0]!) && CONTACT_LINE.test(flat),
    },
  };
}

/** Issued, as far as text shows: a known issuer and at least three of the four other signals. */
export function looksIssued(e: ProofEvidence): boolean {
  const others = [e.signals.reference, e.signals.amounts, e.signals.vocabulary, e.signals.letterhead].filter(Boolean).length;
  return e.signals.issuer && e.kind !== null && others >= 3;
}

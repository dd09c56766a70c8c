import { Type, type Static } from '@sinclair/typebox';

/** The company check (KYB) report and its calls; these schemas are the OpenAPI document. */

const Str = Type.String();
const NullableStr = Type.Union([Type.String(), Type.Null()]);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

const Address = Type.Object({
  care_of: Type.Optional(Str), po_box: Type.Optional(Str), premises: Type.Optional(Str), address_line_1: Type.Optional(Str), address_line_2: Type.Optional(Str),
  locality: Type.Optional(Str), region: Type.Optional(Str), postal_code: Type.Optional(Str), country: Type.Optional(Str),
}, { description: 'As Companies House writes it' });

export const RegisterPersonOut = Type.Object({
  id: Type.String({ description: "The register's link to the person: stable across refreshes; pass it to add the person as a contact" }),
  kind: Type.Union([Type.Literal('OFFICER'), Type.Literal('PSC')]),
  role: Type.String({ description: 'Officer role as registered (`director`, `secretary`, `llp-member`, `llp-designated-member`, `corporate-director`, ...) or `psc`' }),
  name: Str, forename: Str, middle_names: Str, surname: Str,
  individual: Type.Boolean({ description: 'false for corporate officers and PSCs, legal persons and super-secure PSCs' }),
  month_of_birth: NullableInt, year_of_birth: NullableInt, nationality: NullableStr, country_of_residence: NullableStr,
  address: Type.Union([Address, Type.Null()], { description: 'Correspondence address (officers) or service address (PSCs)' }),
  appointed_on: Type.Union([Type.String({ description: 'Appointment date (officers) or notification date (PSCs)' }), Type.Null()]),
  natures_of_control: Type.Array(Str, { description: 'PSCs: `ownership-of-shares-75-to-100-percent`, `voting-rights-25-to-50-percent`, `right-to-appoint-and-remove-directors`, ...' }),
  identification: Type.Union([Type.Object({
    legal_authority: Type.Optional(Str), legal_form: Type.Optional(Str), place_registered: Type.Optional(Str), country_registered: Type.Optional(Str), registration_number: Type.Optional(Str),
  }), Type.Null()]),
  company_number: Type.String({ description: 'The company whose register names the person: the checked one, or a corporate PSC up the chain' }),
  depth: Type.Integer({ description: "0: the checked company's register; n: the PSCs of a UK corporate PSC n levels up (COMPANIES_HOUSE_PSC_DEPTH)" }),
  contact_id: Type.Union([Type.String(), Type.Null()], { description: 'The contact this person is on the account: added from the register, or a contact given with the same name' }),
  screening: Type.Union([Type.Object({
    potential_matches: Type.Integer(), lists: Type.Array(Str),
  }, { description: 'Sanctions and PEP screening of the name with month and year of birth' }), Type.Null()]),
});

const Reason = Type.Object({ code: Str, severity: Type.Union([Type.Literal('REFER'), Type.Literal('ALERT')]), message: Str });

const Discrepancy = Type.Object({
  code: Type.Union([Type.Literal('CONTACT_NOT_ON_REGISTER'), Type.Literal('PSC_NOT_GIVEN'), Type.Literal('DATE_OF_BIRTH_DIFFERS')]),
  contact_id: NullableStr, person_id: NullableStr, reason: Str,
});

const Change = Type.Object({
  at: Type.String({ format: 'date-time' }),
  changes: Type.Array(Type.Object({
    code: Type.Union(['STATUS_CHANGED', 'REGISTERED_OFFICE_CHANGED', 'NAME_CHANGED', 'NEW_OFFICER', 'OFFICER_LEFT', 'NEW_PSC', 'PSC_CEASED'].map((c) => Type.Literal(c))),
    person_id: Type.Optional(Str), from: Type.Optional(Str), to: Type.Optional(Str),
  })),
});

export const CompanyReport = Type.Object({
  id: Type.String({ description: '`{account_id}--company`' }),
  account_id: Str, client_id: Str,
  type: Type.Literal('COMPANY'),
  status: Type.Union([Type.Literal('INITIAL'), Type.Literal('READY'), Type.Literal('ERROR')]),
  revision: Type.String({ description: 'increases with every change; also the ETag' }),
  data: Type.Object({
    company_number: Str,
    source: Type.Union([Type.Literal('companies_house_api'), Type.Literal('companies_house_bulk'), Type.Null()]),
    decision: Type.Union([Type.Literal('PASS'), Type.Literal('REFER'), Type.Literal('ALERT'), Type.Null()]),
    reasons: Type.Array(Reason),
    company: Type.Union([Type.Object({
      name: Str, number: Str, status: NullableStr, status_detail: NullableStr, type: NullableStr, jurisdiction: NullableStr,
      incorporated_on: NullableStr, ceased_on: NullableStr, registered_office: Type.Union([Address, Type.Null()]), sic_codes: Type.Array(Str),
      accounts_next_due: NullableStr, accounts_overdue: Type.Boolean(), confirmation_statement_next_due: NullableStr, confirmation_statement_overdue: Type.Boolean(),
      previous_names: Type.Array(Str),
    }), Type.Null()], { description: 'null: no company with this number on the register' }),
    name_match: Type.Union([Type.Object({
      result: Type.Union([Type.Literal('MATCH'), Type.Literal('FORM_DIFFERS'), Type.Literal('MISMATCH')]), account: Str, registered: Str,
    }), Type.Null()]),
    officers_available: Type.Boolean({ description: 'false when the source has no officers (the free bulk products carry none)' }),
    officers: Type.Array(RegisterPersonOut),
    pscs: Type.Array(RegisterPersonOut),
    discrepancies: Type.Array(Discrepancy, { description: 'What the caller gave against the register, for the firm\'s discrepancy report (MLR 2017 reg. 30A)' }),
    changes: Type.Array(Change, { description: 'What monitoring saw change on the register, newest first (each also an ENTITY_UPDATED event)' }),
    requested_at: Type.String({ format: 'date-time' }),
    refreshed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    error: NullableStr,
  }),
}, { $id: 'CompanyReport' });

export const CompanyContactsBody = Type.Object({
  person_ids: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), {
    maxItems: 200, description: 'Register person ids (`data.officers[].id`, `data.pscs[].id`) to add; absent: every current individual officer and PSC not yet a contact',
  })),
}, { additionalProperties: false });

export const CompanyContactsOut = Type.Object({
  added: Type.Array(Type.Object({ person_id: Str, contact_id: Str, role: Str })),
  already_contacts: Type.Array(Type.Object({ person_id: Str, contact_id: Str })),
  report: Type.Ref(CompanyReport),
});

export type CompanyReportOut = Static<typeof CompanyReport>;
export type RegisterPersonView = Static<typeof RegisterPersonOut>;
export type CompanyContactsInput = Static<typeof CompanyContactsBody>;

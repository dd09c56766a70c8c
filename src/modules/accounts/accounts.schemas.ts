import { Type, type Static } from '@sinclair/typebox';

/** Request and response shapes of accounts and contacts; they also produce the OpenAPI document. */

const Text = (maxLength: number, description?: string) =>
  Type.Union([Type.String({ maxLength, ...(description ? { description } : {}) }), Type.Null()]);
const DateText = (description: string) =>
  Type.Union([
    Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', maxLength: 10, description: `a date YYYY-MM-DD (${description}), or "" to clear` }),
    Type.Null(),
  ]);

export const AddressInput = Type.Object(
  {
    street: Type.Optional(Text(200)),
    postcode: Type.Optional(Text(20)),
    city: Type.Optional(Text(100)),
    country_code: Type.Optional(
      Type.Union([Type.String({ pattern: '^([A-Za-z]{2})?$', description: 'an ISO 3166-1 alpha-2 country code such as GB', maxLength: 2 }), Type.Null()]),
    ),
    type: Type.Optional(Type.Union([Type.Literal('PRIMARY'), Type.Literal(''), Type.Null()], { description: '`PRIMARY`' })),
  },
  { additionalProperties: false },
);

const contactFields = {
  first_name: Type.Optional(Text(100)),
  middle_name: Type.Optional(Text(100)),
  last_name: Type.Optional(Text(100)),
  email: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', description: 'an e-mail address such as name@example.com' }),
      Type.Null(),
    ]),
  ),
  phone: Type.Optional(
    Type.Union([Type.String({ maxLength: 32, pattern: '^$|^\\+?[0-9 ().-]{3,31}$', description: 'a phone number such as +44 20 7946 0000' }), Type.Null()]),
  ),
  date_of_birth: Type.Optional(DateText('date of birth')),
  driving_license_number: Type.Optional(Text(32)),
  driving_license_expiry_date: Type.Optional(DateText('driving licence expiry')),
  passport_number: Type.Optional(Text(32)),
  passport_expiry_date: Type.Optional(DateText('passport expiry')),
  primary_address: Type.Optional(Type.Union([AddressInput, Type.Null()])),
  metadata: Type.Optional(
    Type.Union([
      Type.Object({ external_reference: Type.Optional(Text(200, "the caller's own identifier for this person")) }, { additionalProperties: false }),
      Type.Null(),
    ]),
  ),
};

export const ContactCreateBody = Type.Object(contactFields, { additionalProperties: false });

/** Endpoint 4: the full record. Read-only fields from a GET may be sent back unchanged and are ignored. */
export const ContactReplaceBody = Type.Object(
  {
    ...contactFields,
    type: Type.Optional(Type.Union([Type.Literal('PRIMARY'), Type.Literal('ADDITIONAL')], { description: '`PRIMARY` makes this the account\'s primary contact' })),
    id: Type.Optional(Type.String({ maxLength: 64, description: 'read-only; must match the path if sent' })),
    account_id: Type.Optional(Type.String({ maxLength: 64, description: 'read-only' })),
    client_id: Type.Optional(Type.String({ maxLength: 64, description: 'read-only' })),
    revision: Type.Optional(Type.String({ maxLength: 20, description: 'read-only; use If-Match for concurrency control' })),
    created_at: Type.Optional(Type.String({ maxLength: 40, description: 'read-only' })),
    updated_at: Type.Optional(Type.String({ maxLength: 40, description: 'read-only' })),
  },
  { additionalProperties: false },
);

export const AccountCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Union([Type.Literal('INDIVIDUAL'), Type.Literal('COMPANY')]),
    reg_number: Type.Optional(Text(50, 'company registration number')),
    primary_contact: ContactCreateBody,
  },
  { additionalProperties: false },
);

export const AccountPatchBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    type: Type.Optional(Type.Union([Type.Literal('INDIVIDUAL'), Type.Literal('COMPANY')])),
    reg_number: Type.Optional(Text(50)),
    client_onboarding: Type.Optional(
      Type.Object(
        { share_progress: Type.Boolean({ description: '`true` enables (or refreshes) the client portal link; `false` disables it' }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const AddressOut = Type.Object({
  street: Type.String(), postcode: Type.String(), city: Type.String(), country_code: Type.String(), type: Type.String(),
});

export const Contact = Type.Object(
  {
    id: Type.String(),
    account_id: Type.String(),
    client_id: Type.String(),
    type: Type.Union([Type.Literal('PRIMARY'), Type.Literal('ADDITIONAL')]),
    first_name: Type.String(),
    middle_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    date_of_birth: Type.String(),
    driving_license_number: Type.String(),
    driving_license_expiry_date: Type.String(),
    passport_number: Type.String(),
    passport_expiry_date: Type.String(),
    primary_address: AddressOut,
    metadata: Type.Object({ external_reference: Type.String() }),
    revision: Type.String({ description: 'increases with every change; also the ETag' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Contact' },
);

export const ClientOnboarding = Type.Object({
  completed: Type.Boolean({ description: '`true` when the account has no outstanding ID verification requests' }),
  expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  link: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
  share_progress: Type.Boolean(),
});

export const Account = Type.Object(
  {
    id: Type.String(),
    client_id: Type.String(),
    name: Type.String(),
    type: Type.Union([Type.Literal('INDIVIDUAL'), Type.Literal('COMPANY')]),
    reg_number: Type.String(),
    primary_contact: Type.Ref(Contact),
    contacts_count: Type.Integer(),
    client_onboarding: ClientOnboarding,
    revision: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Account' },
);

export type ContactCreate = Static<typeof ContactCreateBody>;
export type ContactReplace = Static<typeof ContactReplaceBody>;
export type AccountCreate = Static<typeof AccountCreateBody>;
export type AccountPatch = Static<typeof AccountPatchBody>;
export type ContactOut = Static<typeof Contact>;
export type AccountOut = Static<typeof Account>;

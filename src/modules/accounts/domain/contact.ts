import { isCountryCode } from '../../../platform/domain/countries.ts';
import { isRealDate } from '../../../platform/domain/dates.ts';
import type { FieldError } from '../../../platform/http/errors.ts';

/**
 * The contact as stored (encrypted) and returned: every field present, "" when empty. The spec asks callers
 * to send empty strings for fields that do not apply, so returning the same shape makes "read, merge, full
 * replace" a plain round trip.
 */
export interface ContactData {
  first_name: string;
  middle_name: string;
  last_name: string;
  email: string;
  phone: string;
  date_of_birth: string;
  driving_license_number: string;
  driving_license_expiry_date: string;
  passport_number: string;
  passport_expiry_date: string;
  primary_address: AddressData;
  metadata: { external_reference: string };
}

export interface AddressData {
  street: string;
  postcode: string;
  city: string;
  country_code: string;
  type: string;
}

export type ContactInput = Partial<Record<Exclude<keyof ContactData, 'primary_address' | 'metadata'>, string | null>> & {
  primary_address?: Partial<Record<keyof AddressData, string | null>> | null;
  metadata?: { external_reference?: string | null } | null;
};

const TEXT_FIELDS = [
  'first_name', 'middle_name', 'last_name', 'email', 'phone', 'date_of_birth', 'driving_license_number',
  'driving_license_expiry_date', 'passport_number', 'passport_expiry_date',
] as const;

const clean = (value: string | null | undefined): string => (value ?? '').normalize('NFC').trim();

/** Input to stored form: absent and null become "", text is trimmed and NFC-normalised, codes upper-cased. */
export function normaliseContact(input: ContactInput): ContactData {
  const out = Object.fromEntries(TEXT_FIELDS.map((f) => [f, clean(input[f])])) as Omit<ContactData, 'primary_address' | 'metadata'>;
  out.email = out.email.toLowerCase();
  out.passport_number = out.passport_number.toUpperCase().replace(/\s+/g, '');
  out.driving_license_number = out.driving_license_number.toUpperCase().replace(/\s+/g, '');
  const a = input.primary_address ?? {};
  return {
    ...out,
    primary_address: {
      street: clean(a.street),
      postcode: clean(a.postcode).toUpperCase(),
      city: clean(a.city),
      country_code: clean(a.country_code).toUpperCase(),
      type: clean(a.type).toUpperCase() || 'PRIMARY',
    },
    metadata: { external_reference: clean(input.metadata?.external_reference) },
  };
}

/**
 * Rules a JSON schema cannot say: dates that exist, a birth date in the past, real country codes, and the
 * fields a primary contact must have. `today` is YYYY-MM-DD.
 */
export function validateContact(contact: ContactData, options: { primary: boolean; today: string }): FieldError[] {
  const errors: FieldError[] = [];
  const required = options.primary ? (['first_name', 'last_name', 'email'] as const) : (['first_name', 'last_name'] as const);
  for (const field of required) if (!contact[field]) errors.push({ pointer: `/${field}`, message: 'is required' });
  for (const field of ['date_of_birth', 'driving_license_expiry_date', 'passport_expiry_date'] as const) {
    const value = contact[field];
    if (value && !isRealDate(value)) errors.push({ pointer: `/${field}`, message: 'must be a date that exists, YYYY-MM-DD' });
  }
  if (contact.date_of_birth && isRealDate(contact.date_of_birth) && contact.date_of_birth > options.today) {
    errors.push({ pointer: '/date_of_birth', message: 'must not be in the future' });
  }
  const country = contact.primary_address.country_code;
  if (country && !isCountryCode(country)) {
    errors.push({ pointer: '/primary_address/country_code', message: 'must be an ISO 3166-1 alpha-2 country code, for example GB' });
  }
  if (contact.primary_address.type !== 'PRIMARY') {
    errors.push({ pointer: '/primary_address/type', message: 'must be "PRIMARY"' });
  }
  return errors;
}

/**
 * The text fields of any JSON value as contact input: what a schema-refused body still says, so its other
 * fields can be checked by validateContact in the same answer. Values of the wrong type count as absent
 * (the schema has already told the caller about them).
 */
export function contactInputOf(body: unknown): ContactInput {
  const texts = (value: unknown): Record<string, string> =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : {};
  const input = texts(body) as ContactInput;
  const object = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return { ...input, primary_address: texts(object.primary_address), metadata: texts(object.metadata) };
}

/** What an AML check needs from the contact (DESIGN.md preconditions); empty when nothing is missing. */
export function missingForAml(contact: ContactData): string[] {
  const missing: string[] = [];
  if (!contact.first_name) missing.push('first_name');
  if (!contact.last_name) missing.push('last_name');
  if (!contact.date_of_birth) missing.push('date_of_birth');
  const a = contact.primary_address;
  for (const f of ['street', 'postcode', 'city', 'country_code'] as const) if (!a[f]) missing.push(`primary_address.${f}`);
  return missing;
}

import { Type, type Static } from '@sinclair/typebox';
import { BOOLEAN_PARAMETERS } from './domain/parameters.ts';

const StringBool = (description: string) => Type.Union([Type.Literal('true'), Type.Literal('false')], { description });

const PARAMETER_HELP: Record<(typeof BOOLEAN_PARAMETERS)[number], string> = {
  suppress_invitation_mail: '"false": the service e-mails the link (needs an e-mail connection); "true": read data.onboarding_url',
  personal_details: 'Ask for the home address',
  idscan: 'Ask for an ID document (passport or driving licence)',
  face_match: 'ID document, selfie and a biometric match with an active liveness challenge',
  face_match_mobile: 'As face_match, performed on the contact\'s phone (hand-over by QR code)',
  unique_email: 'Collect a preferred e-mail address',
  legal_names_history: 'Collect legal names history',
  home_address_history: 'Collect 12 months of address history',
  selfie: 'Ask for a selfie without a biometric check',
  proof_of_identity: 'Ask for an additional proof-of-identity document',
  proof_of_address: 'Ask for a proof-of-address document',
};

export const OnboardingParameters = Type.Object(
  {
    ...Object.fromEntries(BOOLEAN_PARAMETERS.map((p) => [p, Type.Optional(StringBool(`${PARAMETER_HELP[p]}; default "false"`))])),
    frontend_redirect_url: Type.Optional(Type.String({ format: 'uri', maxLength: 2000, pattern: '^https?://', description: 'Where the contact is sent after completing' })),
  } as Record<string, ReturnType<typeof StringBool> | ReturnType<typeof Type.Optional>>,
  { additionalProperties: false },
);

export const OnboardingTriggerBody = Type.Object(
  {
    config: Type.Object(
      {
        parameters: OnboardingParameters,
        ttl_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, default: 365, description: 'How long the verification stays valid (1-3650, default 365)' })),
        is_automatic_refresh_enabled: Type.Optional(Type.Boolean({ default: false, description: 'Send a new request to the contact before the verification expires' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const Idscan = Type.Object({
  document_decision: Type.String({ description: 'PASSED, REFER or ALERT' }),
  face_match_decision: Type.Optional(Type.String({ description: 'PASSED or FAILED; present when face matching was requested' })),
  document_type: Type.String({ description: 'Passport or Driving License (Identity Card, Visa, Unknown for other documents)' }),
  document_decision_date: Type.String({ format: 'date-time' }),
  date_of_birth: Type.String(),
  document_given_names: Type.String(),
  document_last_name: Type.String(),
  document_expiry_date: Type.String(),
  passport_number: Type.Optional(Type.String()),
  driving_license_number: Type.Optional(Type.String()),
});

export const OnboardingReport = Type.Object(
  {
    id: Type.String({ description: 'account id and contact id joined by --' }),
    account_id: Type.String(),
    client_id: Type.String(),
    contact_id: Type.String(),
    type: Type.Literal('ONBOARDING'),
    status: Type.Union(['INITIAL', 'IN_PROGRESS', 'READY', 'EXPIRED', 'ERROR', 'CREDIT_BALANCE_EXCEEDED'].map((s) => Type.Literal(s)), {
      description: 'INITIAL requested; IN_PROGRESS the contact opened the link; READY complete; EXPIRED link or result past its validity; ERROR processing failed; CREDIT_BALANCE_EXCEEDED no credit',
    }),
    revision: Type.String(),
    config: Type.Object({
      parameters: Type.Record(Type.String(), Type.String()),
      ttl_in_days: Type.Integer(),
      is_automatic_refresh_enabled: Type.Boolean(),
    }),
    data: Type.Object({
      onboarding_url: Nullable(Type.String({ format: 'uri' })),
      report_link: Type.String({ format: 'uri' }),
      refreshed_at: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
      request_sent_at: Nullable(Type.String({ format: 'date-time', description: 'When the invitation e-mail was sent (or, with suppressed mail, the link issued)' })),
      personal_details: Type.Union([Type.Object({ city: Type.String(), street: Type.String(), country: Type.String(), postcode: Type.String() }), Type.Null()]),
      idscan: Type.Union([Idscan, Type.Null()]),
      link_expires_at: Nullable(Type.String({ format: 'date-time' })),
      expires_at: Nullable(Type.String({ format: 'date-time' })),
      reasons: Type.Array(Type.String({ description: 'Machine-readable reason codes of the decisions' })),
      error: Nullable(Type.String()),
    }),
    review: Type.Object({
      empty: Type.Boolean(),
      notes: Type.Optional(Type.String()),
      status: Type.Optional(Type.String()),
      decision: Type.Optional(Type.String()),
    }, { additionalProperties: true }),
  },
  { $id: 'OnboardingReport' },
);

// The e-mail connection setting is the mail module's; its routes are onboarding's (invitations).
export { EmailConnectionBody, EmailConnectionOut, type EmailConnectionInput, type EmailConnectionView } from '../mail/index.ts';

export const OnboardingReviewBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('PASSED'), Type.Literal('FAILED')], { description: 'The reviewer\'s decision on the verification' }),
    notes: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);

export type OnboardingReviewInput = Static<typeof OnboardingReviewBody>;
export type OnboardingTrigger = Static<typeof OnboardingTriggerBody>;
export type OnboardingReportOut = Static<typeof OnboardingReport>;

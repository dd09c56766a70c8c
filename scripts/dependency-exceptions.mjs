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
];

import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { SANDBOX_PERSONAS } from '../eidv/index.ts';

const Persona = Type.Object({
  check: Type.String({ description: 'Which report the persona drives' }),
  trigger: Type.String({ description: 'What to put in the contact to get it' }),
  outcome: Type.String(),
});

/**
 * The sandbox catalogue (docs/sandbox.md): what to put in a sandbox client's contact to get each outcome.
 * Public, like the documentation it mirrors.
 */
export function sandboxCatalogue() {
  const aml = Object.entries(SANDBOX_PERSONAS).map(([lastName, p]) => ({
    check: 'AML identity verification', trigger: `last_name "${lastName[0]}${lastName.slice(1).toLowerCase()}"`, outcome: p.description,
  }));
  return {
    personas: [
      ...aml,
      { check: 'AML identity verification', trigger: 'date_of_birth less than 18 years ago (any last name)', outcome: 'ALERT (UNDERAGE)' },
      { check: 'AML screening', trigger: 'the name of a person on a list in SCREENING_LISTS', outcome: 'pep_matches or sanctions_matches "Potential Match"' },
      { check: 'Credits', trigger: 'a client whose balance is 0 (kyc clients create --sandbox --credits 0)', outcome: 'CREDIT_BALANCE_EXCEEDED and REPORT_CREDIT_LIMIT_EXCEEDED' },
    ],
  };
}

export function registerSandboxRoutes(app: App) {
  app.get('/sandbox/personas', {
    config: { public: true },
    schema: { tags: ['sandbox'], summary: 'The sandbox personas: what produces each outcome for a sandbox client', response: { 200: Type.Object({ personas: Type.Array(Persona) }) } },
  }, async () => sandboxCatalogue());
}

import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { problemResponses } from '../../platform/http/schemas.ts';
import { SANDBOX_PERSONAS } from '../eidv/index.ts';
import { SubmitResult, type FlowService, type LivenessService } from '../onboarding/index.ts';
import { completeSandboxFlow } from './complete.ts';
import { ONBOARDING_PERSONAS } from './engines.ts';

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
      ...Object.entries(ONBOARDING_PERSONAS).map(([lastName, p]) => ({ check: p.check, trigger: `last_name "${lastName[0]}${lastName.slice(1).toLowerCase()}"`, outcome: p.outcome })),
      { check: 'Onboarding document', trigger: 'any other last_name (for example "Passmore")', outcome: 'a valid passport matching the contact: document_decision PASSED, face_match_decision PASSED, REPORT_READY' },
      { check: 'Onboarding document', trigger: 'date_of_birth less than 18 years ago', outcome: 'document_decision ALERT (UNDERAGE)' },
      { check: 'Onboarding flow', trigger: 'POST /sandbox/verify/{token}/complete (the token of data.onboarding_url)', outcome: 'every step answered and submitted through the real flow API: processing, REPORT_READY, and the account\'s client_onboarding.completed when it was the last outstanding request' },
      { check: 'Review', trigger: 'POST .../reports/onboarding/review or .../reports/aml/review on a report in review', outcome: 'REPORT_REVIEW_COMPLETED, review.status COMPLETE' },
      { check: 'AML identity verification', trigger: 'date_of_birth less than 18 years ago (any last name)', outcome: 'ALERT (UNDERAGE)' },
      { check: 'AML screening', trigger: 'the name of a person on a list in SCREENING_LISTS', outcome: 'pep_matches or sanctions_matches "Potential Match"' },
      { check: 'Credits', trigger: 'a client whose balance is 0 (kyc clients create --sandbox --credits 0)', outcome: 'CREDIT_BALANCE_EXCEEDED and REPORT_CREDIT_LIMIT_EXCEEDED' },
    ],
  };
}

export function registerSandboxRoutes(app: App, deps: { flow: FlowService; liveness: LivenessService; now: () => Date }) {
  app.post('/sandbox/verify/:token/complete', {
    config: { public: true },
    schema: {
      tags: ['sandbox'], summary: 'Sandbox only: a scripted contact answers every step of this link through the real flow API and submits it',
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }),
      response: { 202: Type.Ref(SubmitResult), ...problemResponses(404, 409, 422) },
    },
  }, async (request, reply) => reply.status(202).header('cache-control', 'no-store').send(await completeSandboxFlow(deps.flow, deps.liveness, request.params.token, deps.now())));

  app.get('/sandbox/personas', {
    config: { public: true },
    schema: { tags: ['sandbox'], summary: 'The sandbox personas: what produces each outcome for a sandbox client', response: { 200: Type.Object({ personas: Type.Array(Persona) }) } },
  }, async () => sandboxCatalogue());
}

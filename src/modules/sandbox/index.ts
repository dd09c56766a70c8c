/**
 * The sandbox (docs/sandbox.md): simulated document and face engines for sandbox clients, the persona catalogue
 * and the call that completes a sandbox flow. The only file other modules and the composition root import.
 */
import type { SandboxEngines } from '../onboarding/index.ts';
import { createSandboxDocumentService, createSandboxFaceService } from './engines.ts';

export { registerSandboxRoutes } from './sandbox.routes.ts';

/** The engines onboarding uses for sandbox clients: documents read from the contact and persona, faces by persona. */
export function createSandboxEngines(deps: { minimumAge: number; now: () => Date }): SandboxEngines {
  return {
    documents: (real) => createSandboxDocumentService({ ...deps, real }),
    faces: (contactLastName) => createSandboxFaceService(contactLastName),
  };
}

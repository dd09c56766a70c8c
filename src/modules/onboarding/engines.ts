import type { Db } from '../../platform/db/db.ts';
import { createFaceService, type FaceService } from '../biometrics/index.ts';
import { createDocumentService, type DocumentService } from '../documents/index.ts';
import { clientReads } from '../auth/index.ts';

/** The document and face engines one contact's uploads are read with. */
export interface Engines {
  documents: DocumentService;
  faces: FaceService;
}

/**
 * The simulated engines for sandbox clients (the sandbox module's, which depends on this one for its routes:
 * service.ts builds them and passes them in). `real` is the live document engine, built on first use.
 */
export interface SandboxEngines {
  documents(real: () => DocumentService): DocumentService;
  faces(contactLastName: string): FaceService;
}

/** The engines for one client's contact; the contact's last name (the sandbox persona) is read only when needed. */
export type EnginesFor = (clientId: string, contactLastName: () => Promise<string>) => Promise<Engines>;

/**
 * Which engines read a client's uploads: the real ones, or for a sandbox client the simulated ones
 * (the sandbox module's, given at construction). The real engines load models and an OCR worker on first use, so the API
 * process that never processes never pays for them.
 */
export function createEngineChoice(deps: { db: Db; minimumAge: number; now: () => Date; sandbox: SandboxEngines }) {
  let documentService: DocumentService | undefined;
  let faceService: FaceService | undefined;
  const faces = () => (faceService ??= createFaceService());
  // The document's portrait signal uses the face engine through a seam: documents does not import biometrics.
  const documents = () => (documentService ??= createDocumentService({ minimumAge: deps.minimumAge, now: deps.now, faces: { find: (image) => faces().analyze(image), findUpright: (image) => faces().analyzeUpright(image) } }));
  const sandboxDocuments = deps.sandbox.documents(documents);
  // A client's mode never changes, so it is read once per client and process.
  const sandboxClients = new Map<string, boolean>();

  const forClient: EnginesFor = async (clientId, contactLastName) => {
    let sandbox = sandboxClients.get(clientId);
    if (sandbox === undefined) sandboxClients.set(clientId, (sandbox = await clientReads.isSandbox(deps.db, clientId)));
    return sandbox ? { documents: sandboxDocuments, faces: deps.sandbox.faces(await contactLastName()) } : { documents: documents(), faces: faces() };
  };

  return {
    forClient,
    async close() {
      await documentService?.close();
      await faceService?.close();
    },
  };
}

import { Type } from '@sinclair/typebox';

/**
 * What the hosted pages' API answers (the verification flow and the portal page), for the OpenAPI document
 * and the serialiser. The pages in web/ are the readers; the shapes follow flow.service.ts and portal.service.ts.
 */
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Time = Nullable(Type.String({ format: 'date-time' }));

export const Branding = Type.Object({
  firm_name: Nullable(Type.String()),
  brand_colour: Nullable(Type.String()),
  logo_url: Nullable(Type.String()),
});

const Kinds = Type.Array(Type.Union([Type.Literal('image'), Type.Literal('pdf')]));
const DocumentKind = (options: { description?: string } = {}) => Type.Union([Type.Literal('passport'), Type.Literal('driving_licence'), Type.Literal('identity_card')], options);
export const UploadFeedback = Type.Object({
  usable: Type.Boolean(),
  problems: Type.Array(Type.String({
    description: 'IMAGE_BLURRY, IMAGE_GLARE, NO_FACE_SELFIE, DOCUMENT_NOT_READ, DOCUMENT_BACK_AS_FRONT, DOCUMENT_FRONT_AS_BACK, DOCUMENT_PORTRAIT_NOT_SEEN, DOCUMENT_MRZ_NOT_READ, ...',
  })),
});

/** The upload's query: the document the contact chose, so the feedback knows which side carries what (ADR 0211). */
export const UploadQuery = Type.Object({
  document: Type.Optional(DocumentKind({
    description: 'document_front and document_back only: the kind chosen in the document step. Shapes the feedback alone (an identity card\'s front is judged by its portrait, its back by its MRZ); the document\'s type for the report is read from the images',
  })),
});

export const FlowView = Type.Object({
  branding: Branding,
  state: Type.Union([Type.Literal('open'), Type.Literal('submitted'), Type.Literal('complete')]),
  first_name: Type.String(),
  steps: Type.Array(Type.Object({
    id: Type.String({ description: 'personal_details, unique_email, legal_names_history, home_address_history, mobile_handover, id_document, selfie, liveness, proof_of_identity, proof_of_address, review' }),
    complete: Type.Boolean(),
    uploads: Type.Array(Type.Object({ slot: Type.String(), optional: Type.Optional(Type.Boolean()), kinds: Kinds })),
    documents: Type.Optional(Type.Array(DocumentKind(), {
      description: 'id_document step only: the documents this request accepts, offered by the page before the photos (guidance: the upload names the one chosen only for its feedback)',
    })),
  })),
  missing: Type.Array(Type.String()),
  answers: Type.Object({}, { additionalProperties: true, description: 'the answers saved so far, by step' }),
  uploads: Type.Array(Type.Object({
    slot: Type.String(),
    media_type: Type.String(),
    size: Type.Integer(),
    uploaded_at: Time,
    feedback: Type.Union([UploadFeedback, Type.Null()]),
  })),
  redirect_url: Nullable(Type.String()),
  handover_url: Nullable(Type.String()),
  link_expires_at: Time,
}, { $id: 'FlowView', description: 'The verification flow behind a link. Once submitted, only state, branding and redirect_url are filled: first_name is empty, steps, answers and uploads are empty.' });

export const UploadResult = Type.Object({
  slot: Type.String(),
  media_type: Type.Union([Type.Literal('image/jpeg'), Type.Literal('application/pdf'), Type.Literal('application/json')]),
  size: Type.Integer({ description: 'bytes stored (images are re-encoded)' }),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  feedback: UploadFeedback,
}, { $id: 'UploadResult' });

export const SubmitResult = Type.Object({
  state: Type.Literal('submitted'),
  redirect_url: Nullable(Type.String()),
}, { $id: 'SubmitResult' });

const TaskStatus = Type.Union([Type.Literal('NOT_STARTED'), Type.Literal('IN_PROGRESS'), Type.Literal('COMPLETED')]);
export const PortalView = Type.Object({
  account_name: Type.String(),
  branding: Branding,
  completed: Type.Boolean(),
  expires_at: Type.String({ format: 'date-time' }),
  contacts: Type.Array(Type.Object({
    name: Type.String(),
    role: Type.Union([Type.Literal('PRIMARY'), Type.Literal('ADDITIONAL')]),
    state: Type.String({ description: 'NOT_REQUESTED, TO_DO, IN_PROGRESS, SUBMITTED, DONE, LINK_EXPIRED, NEEDS_NEW_REQUEST' }),
    tasks: Type.Array(Type.Object({ task: Type.String(), status: TaskStatus })),
    progress: Type.Object({ done: Type.Integer(), total: Type.Integer() }),
    verify_url: Nullable(Type.String()),
    link_expires_at: Time,
  })),
}, { $id: 'PortalView', description: 'The client portal behind a portal link' });

/** Raw bytes of one upload: the type is judged by the bytes, not by this header. */
// application/json: the mobile chip reader's upload to the `chip` slot (docs/chip.md), kept as bytes like the rest.
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp', 'application/pdf', 'application/json', 'application/octet-stream'];
export const uploadBody = {
  content: Object.fromEntries(UPLOAD_TYPES.map((type) => [type, { schema: { description: 'the file\'s bytes', format: 'binary' } }])),
};

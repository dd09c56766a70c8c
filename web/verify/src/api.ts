/** The hosted flow's API (flow.routes.ts): the link token in the path is the only credential. */
export type StepId =
  | 'personal_details' | 'unique_email' | 'legal_names_history' | 'home_address_history'
  | 'id_document' | 'selfie' | 'liveness' | 'mobile_handover' | 'proof_of_identity' | 'proof_of_address' | 'review';

export type DocumentKind = 'passport' | 'driving_licence' | 'identity_card';
export interface Address { street: string; city: string; postcode: string; country: string }
export interface Feedback { usable: boolean; problems: string[] }
export interface UploadInfo { slot: string; media_type: string; size: number; feedback: Feedback | null }
export interface Branding { firm_name: string | null; brand_colour: string | null; logo_url: string | null }
export interface Flow {
  branding?: Branding;
  state: 'open' | 'submitted' | 'complete';
  first_name: string;
  /** `documents`: the document step's accepted kinds (absent from servers before issue 25). */
  steps: { id: StepId; complete: boolean; uploads: { slot: string; optional?: boolean; kinds: ('image' | 'pdf')[] }[]; documents?: DocumentKind[] }[];
  missing: string[];
  answers: {
    personal_details?: { address: Address };
    unique_email?: { email: string };
    legal_names_history?: { names: { first_name: string; last_name: string; from?: string; to?: string }[] };
    home_address_history?: { addresses: (Address & { from: string; to?: string })[] };
  };
  uploads: UploadInfo[];
  redirect_url: string | null;
  handover_url: string | null;
  link_expires_at: string | null;
}

export class ApiError extends Error {
  constructor(readonly status: number, readonly reason: string | undefined, message: string, readonly errors: { pointer: string; message: string }[] = [], readonly problem: Record<string, unknown> = {}) {
    super(message);
  }
}

export const tokenFromPath = (path: string) => /^\/(?:verify|portal)\/([0-9a-z]+)\/?$/.exec(path)?.[1] ?? '';

export type PortalState = 'NOT_REQUESTED' | 'TO_DO' | 'IN_PROGRESS' | 'SUBMITTED' | 'DONE' | 'LINK_EXPIRED' | 'NEEDS_NEW_REQUEST';
export interface PortalView {
  account_name: string;
  branding: Branding;
  completed: boolean;
  expires_at: string;
  contacts: {
    name: string;
    role: 'PRIMARY' | 'ADDITIONAL';
    state: PortalState;
    tasks: { task: StepId; status: 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' }[];
    progress: { done: number; total: number };
    verify_url: string | null;
    link_expires_at: string | null;
  }[];
}

export const portalView = (token: string) => call<PortalView>('GET', `/portal/${token}/view`);

async function call<T>(method: string, url: string, body?: BodyInit, type?: string): Promise<T> {
  const response = await fetch(url, { method, body, headers: type ? { 'content-type': type } : undefined, credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  const json = text ? JSON.parse(text) : {};
  if (!response.ok) throw new ApiError(response.status, json.reason, json.detail ?? response.statusText, json.errors ?? [], json);
  return json as T;
}

export function api(token: string) {
  const base = `/verify/${token}`;
  return {
    flow: () => call<Flow>('GET', `${base}/flow`),
    saveStep: (step: StepId, data: unknown) => call<Flow>('PUT', `${base}/steps/${step}`, JSON.stringify(data), 'application/json'),
    /** `document`: the kind chosen in the document step, for its two slots: the server's feedback then knows which side shows what. */
    upload: (slot: string, file: Blob, document?: DocumentKind) =>
      call<UploadInfo & { feedback: Feedback }>('POST', `${base}/uploads/${slot}${document ? `?document=${document}` : ''}`, file, 'application/octet-stream'),
    /** A small picture of an upload (by slot) or of the liveness frame; the link is the credential, nothing is cached. */
    thumbnail: async (name: string): Promise<Blob> => {
      const response = await fetch(`${base}/thumbnails/${name}`, { credentials: 'omit', cache: 'no-store' });
      if (!response.ok) throw new ApiError(response.status, undefined, response.statusText);
      return response.blob();
    },
    submit: (language: string) => call<{ state: string; redirect_url: string | null }>('POST', `${base}/submit`, JSON.stringify({ consent: true, language }), 'application/json'),
  };
}
export type Api = ReturnType<typeof api>;

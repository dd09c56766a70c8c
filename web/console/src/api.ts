/** The console API (src/modules/console): a session cookie the page cannot read, and a CSRF token it can. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly errors: { pointer: string; message: string }[] = []) {
    super(message);
  }
}

let csrf = '';
export const setCsrf = (token: string) => {
  csrf = token;
};

export async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  const response = await fetch(`/console/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin', cache: 'no-store' });
  const text = await response.text();
  const json = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {};
  if (!response.ok) throw new ApiError(response.status, json.detail ?? response.statusText, json.errors ?? []);
  return json as T;
}

export const get = <T>(url: string) => api<T>('GET', url);
export const post = <T>(url: string, body?: unknown) => api<T>('POST', url, body ?? {});

export interface User { id: string; email: string; name: string | null; role: 'administrator' | 'reviewer' | 'read-only'; permissions: string[]; totp_enabled: boolean; client_id: string; status: string; last_login_at: string | null }
export interface ReportRef { kind: 'AML' | 'ONBOARDING'; account_id: string; contact_id: string; status: string; needs_review: boolean; summary: string | null; updated_at: string; name: string | null }
export interface Address { street: string; city: string; postcode: string; country_code: string }
export interface Contact { id: string; account_id: string; type: string; first_name: string; middle_name: string; last_name: string; email: string; phone: string; date_of_birth: string; primary_address: Address }
export interface Match {
  kind: 'PEP' | 'SANCTIONS' | 'OTHER'; list: string; entity_id: string; source_id: string; listed_name: string; matched_name: string; score: number;
  topics: string[]; programs: string[]; source_url: string | null; reasons: string[]; review_status: 'PENDING' | 'MATCH_DISMISSED' | 'MATCH_CONFIRMED';
  /** Review memory (issue 18): which of the contact's names matched, the latest review of this match (this report's or an earlier one's), and why it was reopened. */
  listed?: boolean;
  screened_name?: { name: string; source: 'CONTACT' | 'LEGAL_NAME' | 'PREVIOUS_NAME' | 'DOCUMENT' };
  review?: { status: 'MATCH_DISMISSED' | 'MATCH_CONFIRMED'; reviewed_by: string; reviewed_at: string; notes: string } | null;
  review_change?: 'DISMISSED_MATCH_CHANGED' | 'CONFIRMED_MATCH_CHANGED' | 'CONFIRMED_MATCH_DELISTED' | null;
  pep?: PepAssessment;
}
/** A PEP match's role (pep, or rca: relative or close associate), category, status and the relation explained. */
export interface PepAssessment {
  role: 'pep' | 'rca'; category: 'domestic' | 'foreign' | 'international_organisation' | null; status: 'current' | 'former' | 'unknown';
  ended_on: string | null; minimum_measures_until: string | null; explanation: string;
  relation: { kind: 'family' | 'associate'; relationship: string | null; pep_entity_id: string; pep_name: string } | null;
}
export interface Entity { id: string; list: string; sourceId: string; schema: string; names: { name?: string; full?: string; [k: string]: unknown }[]; birthDates: string[]; nationalities: string[]; citizenships: string[]; countries: string[]; programs: string[]; topics: string[]; sourceUrl?: string; gender?: string }
/** The GPG 45 evaluation on an AML report (ADR 0135). */
export interface Gpg45Scored { score: number; why: string[]; raise: string[] }
export interface Gpg45 {
  version: string; confidence: 'LOW' | 'MEDIUM' | 'HIGH' | null; profile: string | null; profiles_met: string[]; required: string; required_met: boolean;
  scores: { evidence: { id: string; label: string; strength: number; validity: number; why: string[]; raise: string[] }[]; activity_history: Gpg45Scored; identity_fraud: Gpg45Scored; verification: Gpg45Scored };
  to_raise: { confidence: string; profile: string; missing: string[] } | null; missing_codes: string[];
}
export interface AmlReport {
  id: string; status: string; revision: string;
  data: {
    decision: string | null; pep_matches: string | null; sanctions_matches: string | null; reasons: string[]; report_link: string; requested_at: string; expires_at: string | null; error: string | null;
    identity: {
      sources: { source: string; kind: string; name_dob: boolean; name_address: boolean; deceased: boolean; reasons: string[]; known_fraud?: boolean; activity_months?: number; self_declared?: boolean }[];
      confirmed_name_dob: string[]; confirmed_name_address: string[]; gpg45?: Gpg45; postcode?: string;
    } | null;
    matches: Match[];
  };
  review: { empty: boolean; status?: string; decision?: string; notes?: string; reviewed_by?: string; reviewed_at?: string; pep_matches?: string; sanctions_matches?: string };
}
export const fullName = (c: { first_name: string; middle_name?: string; last_name: string }) => [c.first_name, c.middle_name, c.last_name].filter(Boolean).join(' ');

/**
 * Companies House streaming API events (https://stream.companieshouse.gov.uk/companies, /officers,
 * /persons-with-significant-control): one JSON object a line, blank lines as heartbeats, each with the changed
 * resource's URI and a timepoint to resume from (`?timepoint=`).
 */
export interface StreamEvent {
  resource_kind?: string;
  resource_uri?: string;
  resource_id?: string;
  event?: { timepoint?: number; published_at?: string; type?: string };
}

/** The company a streamed resource belongs to (`/company/09876543/appointments/...` → 09876543), or undefined. */
export function companyOfResource(uri: string | undefined): string | undefined {
  const m = /^\/company\/([A-Z0-9]{8})(?:\/|$)/i.exec(uri ?? '');
  return m ? m[1]!.toUpperCase() : undefined;
}

/** A line of the stream: the company and the timepoint, undefined for a heartbeat or a line without a company. */
export function parseStreamLine(line: string): { company: string; timepoint: number | null; kind: string } | undefined {
  if (!line.trim()) return undefined;
  let event: StreamEvent;
  try {
    event = JSON.parse(line) as StreamEvent;
  } catch {
    return undefined;
  }
  const company = companyOfResource(event.resource_uri);
  if (!company) return undefined;
  return { company, timepoint: typeof event.event?.timepoint === 'number' ? event.event.timepoint : null, kind: event.resource_kind ?? '' };
}

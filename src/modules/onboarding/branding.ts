import type { Db } from '../../platform/db/db.ts';
import { one } from '../../platform/db/db.ts';

export interface Branding {
  firm_name: string | null;
  brand_colour: string | null;
  logo_url: string | null;
}

/**
 * A client's branding of the hosted pages (the verification flow and the portal), set by an administrator
 * in the console's settings; nulls where not set, except the firm's name: without one set, the client's own
 * name, so every page says who asks (issue 25: "The firm needs..." told the contact nothing).
 */
export async function readBranding(db: Db, clientId: string): Promise<Branding> {
  const row = await one<Branding>(db, `SELECT COALESCE(NULLIF(s.firm_name, ''), c.name) AS firm_name, s.brand_colour, s.logo_url
    FROM clients c LEFT JOIN console_settings s ON s.client_id = c.id WHERE c.id = $1`, [clientId]);
  return { firm_name: row?.firm_name ?? null, brand_colour: row?.brand_colour ?? null, logo_url: row?.logo_url ?? null };
}

/** The logo's origin, for the page's CSP img-src (the pages load nothing else from outside). */
export function logoOrigin(branding: Branding): string | null {
  if (!branding.logo_url) return null;
  try {
    const url = new URL(branding.logo_url);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The https origin of the client's logo behind a hosted page's token, for that page's CSP; null for an
 * unknown token or a client without a logo.
 */
export function logoOrigins(deps: { db: Db; clientOfFlow: (token: string) => Promise<string | undefined>; clientOfPortal: (token: string) => Promise<string | undefined> }) {
  return async (page: 'verify' | 'portal', token: string): Promise<string | null> => {
    const clientId = page === 'verify' ? await deps.clientOfFlow(token) : await deps.clientOfPortal(token);
    return clientId ? logoOrigin(await readBranding(deps.db, clientId)) : null;
  };
}

/** OAuth scopes. A credential carries all of them unless created with fewer. */
export const SCOPES = [
  'accounts:read',
  'accounts:write',
  'reports:read',
  'reports:write',
  'subscriptions:read',
  'subscriptions:write',
  'screening:run',
  'credits:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export function parseScopes(text: string | undefined, allowed: readonly string[] = SCOPES): string[] | undefined {
  if (text === undefined || text.trim() === '') return [...allowed];
  const asked = text.trim().split(/\s+/);
  return asked.every((s) => allowed.includes(s)) ? [...new Set(asked)] : undefined;
}

/** Staff roles and what each may do in the console. Pure: the routes ask `can(role, permission)`. */
export const ROLES = ['administrator', 'reviewer', 'read-only'] as const;
export type Role = (typeof ROLES)[number];

/** read: see accounts, contacts, reports, the audit trail; review: record decisions; settings: change the client's settings and users. */
export type Permission = 'read' | 'review' | 'settings';

const GRANTS: Record<Role, readonly Permission[]> = {
  administrator: ['read', 'review', 'settings'],
  reviewer: ['read', 'review'],
  'read-only': ['read'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

export function permissionsOf(role: Role): Permission[] {
  return [...GRANTS[role]];
}

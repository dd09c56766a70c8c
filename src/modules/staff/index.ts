/** Staff users of each client (the console's people): invitations, password + TOTP login, sessions, roles. */
export { createStaffService, userOut, StaffName, SESSION_IDLE_MS, SESSION_MAX_MS, type StaffService, type StaffUserOut, type ConsoleSession } from './staff.service.ts';
export { can, isRole, permissionsOf, ROLES, type Role, type Permission } from './domain/roles.ts';
export { MAX_FAILURES, LOCK_MINUTES } from './domain/lockout.ts';

/**
 * The access-token roles of an administrator: the auth service's admin API accepts them, and so do the
 * data API's moderation routes (/api/v1/admin/...). `service_role` is the service's own credential;
 * `supabase_admin` is what `npm run admin -- set-role USER_ID admin` gives a person. The web app shows its
 * moderation screen to people with one of these roles (the server decides, the app only mirrors it).
 */
export const ADMIN_ROLES: readonly string[] = ['service_role', 'supabase_admin'];

/** Is `role` (a token's or a signed-in user's) an administrator's? */
export function isAdminRole(role: unknown): boolean {
  return typeof role === 'string' && ADMIN_ROLES.includes(role);
}

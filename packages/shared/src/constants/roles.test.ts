import { describe, expect, it } from 'vitest';
import { isAdminRole } from './roles.ts';

describe('isAdminRole', () => {
  it("is true for the service's role and the role set-role gives, false for everyone else", () => {
    expect(isAdminRole('service_role')).toBe(true);
    expect(isAdminRole('supabase_admin')).toBe(true);
    for (const role of ['authenticated', 'anon', '', 'admin', 'Service_Role', null, undefined, 1]) {
      expect(isAdminRole(role), String(role)).toBe(false);
    }
  });
});

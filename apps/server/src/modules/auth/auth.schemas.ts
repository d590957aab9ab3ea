import { z } from 'zod';

/**
 * Request shapes of the auth service, as auth-js sends them (snake_case, and `null` for absent
 * PKCE fields). Unknown fields are ignored as GoTrue ignores them. These stay in the module rather
 * than in packages/shared: the web app talks to /auth/v1 only through auth-js.
 */

/** auth-js sends `null` for fields it has no value for; treat them as absent. */
const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const optionalBoolean = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);
const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? undefined);

const pkceFields = {
  code_challenge: optionalString,
  code_challenge_method: optionalString,
};

export const RedirectQuerySchema = z.object({ redirect_to: optionalString });

export const SignupBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: metadata,
  ...pkceFields,
});
export type SignupBody = Partial<z.infer<typeof SignupBodySchema>>;

export const TokenQuerySchema = z.object({ grant_type: optionalString });

/** The union of the grants' fields; the grant type decides which are read. */
export const TokenBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  refresh_token: optionalString,
  auth_code: optionalString,
  code_verifier: optionalString,
  provider: optionalString,
  id_token: optionalString,
  chain: optionalString,
});
export type TokenBody = Partial<z.infer<typeof TokenBodySchema>>;

export const LogoutQuerySchema = z.object({ scope: optionalString });

export const UserUpdateBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  nonce: optionalString,
  data: metadata,
  app_metadata: metadata,
  ...pkceFields,
});
export type UserUpdateBody = Partial<z.infer<typeof UserUpdateBodySchema>>;

export const RecoverBodySchema = z.object({ email: optionalString, ...pkceFields });
export type RecoverBody = Partial<z.infer<typeof RecoverBodySchema>>;

export const OtpBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  data: metadata,
  create_user: optionalBoolean,
  ...pkceFields,
});
export type OtpBody = Partial<z.infer<typeof OtpBodySchema>>;

export const ResendBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  type: optionalString,
  ...pkceFields,
});
export type ResendBody = Partial<z.infer<typeof ResendBodySchema>>;

export const VerifyBodySchema = z.object({
  type: optionalString,
  token: optionalString,
  token_hash: optionalString,
  email: optionalString,
  phone: optionalString,
  redirect_to: optionalString,
});
export type VerifyBody = Partial<z.infer<typeof VerifyBodySchema>>;

export const VerifyQuerySchema = z.object({
  token: optionalString,
  type: optionalString,
  redirect_to: optionalString,
});
export type VerifyQuery = Partial<z.infer<typeof VerifyQuerySchema>>;

export const FactorParamsSchema = z.object({ factorId: z.string() });

/**
 * A factor's name and issuer are bounded: the name sits in a unique index (an index row has a size
 * limit) and both go into the otpauth URI of the QR code, which holds under 3 kB.
 */
const factorText = z
  .string()
  .max(255)
  .nullish()
  .transform((v) => v ?? undefined);

export const EnrollBodySchema = z.object({
  friendly_name: factorText,
  factor_type: optionalString,
  issuer: factorText,
  phone: optionalString,
});
export type EnrollBody = Partial<z.infer<typeof EnrollBodySchema>>;

export const VerifyFactorBodySchema = z.object({ challenge_id: optionalString, code: optionalString });
export type VerifyFactorBody = Partial<z.infer<typeof VerifyFactorBodySchema>>;

export const IdentityParamsSchema = z.object({ identityId: z.string() });

// --- admin ---

export const AdminUserParamsSchema = z.object({ userId: z.string() });
export const AdminFactorParamsSchema = z.object({ userId: z.string(), factorId: z.string() });

export const AdminListUsersQuerySchema = z.object({
  page: optionalString,
  per_page: optionalString,
  filter: optionalString,
});

export const AdminUserBodySchema = z.object({
  id: optionalString,
  aud: optionalString,
  role: optionalString,
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  password_hash: optionalString,
  email_confirm: optionalBoolean,
  phone_confirm: optionalBoolean,
  user_metadata: metadata,
  app_metadata: metadata,
  ban_duration: optionalString,
});
export type AdminUserBody = Partial<z.infer<typeof AdminUserBodySchema>>;

/** DELETE may come without a body (auth-js always sends one). */
export const AdminDeleteUserBodySchema = z
  .object({ should_soft_delete: optionalBoolean })
  .nullish()
  .transform((v) => ({ should_soft_delete: v?.should_soft_delete }));

export const GenerateLinkBodySchema = z.object({
  type: optionalString,
  email: optionalString,
  password: optionalString,
  new_email: optionalString,
  data: metadata,
  redirect_to: optionalString,
});
export type GenerateLinkBody = Partial<z.infer<typeof GenerateLinkBodySchema>>;

export const InviteBodySchema = z.object({ email: optionalString, data: metadata });
export type InviteBody = Partial<z.infer<typeof InviteBodySchema>>;

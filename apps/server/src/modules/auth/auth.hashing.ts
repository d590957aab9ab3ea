import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { validationFailed, WeakPasswordError } from './auth.errors.ts';
import { randomToken } from './auth.tokens.ts';
import type { AuthSettings } from './auth.types.ts';

const MAX_PASSWORD_LENGTH = 1024;

/** An argon2 hash of the password, as stored in `encrypted_password`; no strength rules applied. */
export const hashPassword = (password: string): Promise<string> => argon2Hash(password);

/** Passwords as the auth service stores and checks them: argon2 hashes and GoTrue's strength rules. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly settings: Pick<AuthSettings, 'passwordMinLength'>) {}

  hash(password: string): Promise<string> {
    return hashPassword(password);
  }

  /** Hashes a new password after GoTrue's strength rules (weak_password otherwise). */
  async hashChecked(password: string): Promise<string> {
    this.assertAcceptable(password);
    return this.hash(password);
  }

  async matches(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      // Spend the same time as a real check so that response times do not tell which emails exist.
      this.dummyHash ??= argon2Hash(randomToken());
      await argon2Verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return argon2Verify(hash, password).catch(() => false);
  }

  /** GoTrue's strength rules: a minimum length (configurable); reasons are machine-readable. */
  weakReason(password: string): WeakPasswordError | null {
    if (password.length < this.settings.passwordMinLength) {
      return new WeakPasswordError(
        `Password should be at least ${this.settings.passwordMinLength} characters.`,
        ['length'],
      );
    }
    return null;
  }

  assertAcceptable(password: string) {
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
    }
    const weak = this.weakReason(password);
    if (weak) throw weak;
  }
}

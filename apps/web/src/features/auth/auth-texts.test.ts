import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';

// The spec's English texts for accounts and guests (sections 2, 4 and 8), word for word.
describe('auth texts', () => {
  it('match the spec', () => {
    expect(en.auth.tabs.signIn).toBe('Sign In');
    expect(en.auth.tabs.signUp).toBe('Sign Up');
    expect(en.auth.email).toBe('Email');
    expect(en.auth.password).toBe('Password');
    expect(en.auth.signUp.success).toBe('Account created successfully!');
    expect(en.auth.signUp.successDescription).toBe('Signing you in...');
    expect(en.auth.signIn.success).toBe('Signed in successfully!');
    expect(en.auth.signUp.error).toBe('Sign Up Error');
    expect(en.auth.signIn.error).toBe('Sign In Error');
    expect(en.auth.signedOut).toBe('Signed out successfully');
    expect(en.auth.signOutError).toBe('Sign out error');
    expect(en.guest.continue).toBe('Continue as a guest');
    expect(en.registration.title).toBe('To {{action}}, you need to register');
    expect(en.registration.description).toBe('Registration is free and takes just a minute!');
    expect(en.registration.signUp).toBe('Sign up now');
    expect(en.registration.cancel).toBe('Cancel');
  });
});

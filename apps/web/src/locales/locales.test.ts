import { POST_MESSAGES, PROFILE_FALLBACKS, PROFILE_MESSAGES } from '@sys/shared';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import he from './he.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [child, text] of flatten(value, path)) entries.set(child, text);
  }
  return entries;
}

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('locales', () => {
  const english = flatten(en);
  const hebrew = flatten(he);

  it('Hebrew translates every English key, and nothing else', () => {
    expect([...hebrew.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty texts', () => {
    for (const [key, text] of [...english, ...hebrew]) expect(text.trim(), key).not.toBe('');
  });

  it('uses the same interpolation variables in both languages', () => {
    for (const [key, text] of english) expect(variables(hebrew.get(key) ?? ''), key).toEqual(variables(text));
  });

  it("translates the server's messages from their English text, word for word in English", () => {
    // The screens find a server message's translation by its English text.
    expect(en.postMessages).toEqual(POST_MESSAGES);
    for (const [key, text] of Object.entries(en.profileMessages)) {
      expect(text, key).toBe(PROFILE_MESSAGES[key as keyof typeof PROFILE_MESSAGES]);
    }
    expect(en.apiErrors.fileTooLarge).toBe(POST_MESSAGES.fileTooLarge);
    expect(en.apiErrors.invalidFileType).toBe(POST_MESSAGES.invalidFileType);
    expect(en.apiErrors.notAuthenticated).toBe(POST_MESSAGES.notAuthenticated);
  });

  it('names each style, colour, pattern and product type in Hebrew once in its list, in fashion words', () => {
    for (const [list, labels] of Object.entries(he.options)) {
      const names = Object.values(labels);
      expect(new Set(names).size, list).toBe(names.length);
    }
    // Words that are right letter by letter but read as something else: 'קרב' is a battle, 'כסף' money.
    expect(he.options.styles.Curve).toBe('קרוו');
    expect(he.options.colors.Silver).toBe('כסוף');
  });

  it('keeps the spec’s English texts word for word', () => {
    expect(en.app.tagline).toBe('Share Your Style, Fashion Community for great inspirations and new looks');
    expect(en.home.footer).toBe(
      'New posts are updated every day. Invite your friends to join SYS and help us grow the community.',
    );
    expect(en.notFound.title).toBe('Oops! Page not found');
    expect(en.notFound.returnHome).toBe('Return to Home');
    expect(en.createPrompt).toEqual({
      title: 'Sign up to upload content',
      signUp: 'Sign up',
      notNow: 'Not now',
    });
    expect(en.onboarding.title).toBe('Show us what you like');
    expect(en.product.brandsFetchError).toBe('Failed to fetch brands');
    expect(en.auth.signedOut).toBe('Signed out successfully');
    expect(en.auth.signOutError).toBe('Sign out error');
    expect(en.header.signUp).toBe('SIGN UP');
    expect(en.profile.fallbackName).toBe(PROFILE_FALLBACKS.displayName);
    expect(en.profile.fallbackBio).toBe(PROFILE_FALLBACKS.bio);
  });
});

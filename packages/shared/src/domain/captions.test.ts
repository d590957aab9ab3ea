import { describe, expect, it } from 'vitest';
import { STYLES } from '../constants/lists.ts';
import {
  appendStyles,
  containsHebrew,
  extractHashtags,
  splitStyleHashtags,
  stripHashtags,
  styleToHashtag,
  tagKey,
  tagsEqual,
  truncateCaption,
} from './captions.ts';

describe('extractHashtags', () => {
  it('finds tags in order without the #', () => {
    expect(extractHashtags('Sunday look #Casual #Cozy')).toEqual(['Casual', 'Cozy']);
  });

  it('returns nothing for empty, null and tagless captions', () => {
    expect(extractHashtags('')).toEqual([]);
    expect(extractHashtags(null)).toEqual([]);
    expect(extractHashtags(undefined)).toEqual([]);
    expect(extractHashtags('no tags here')).toEqual([]);
  });

  it('reads Hebrew tags, with niqqud', () => {
    expect(extractHashtags('שמלה חדשה #אופנה #קיץ_2024 #שָׁלוֹם')).toEqual(['אופנה', 'קיץ_2024', 'שָׁלוֹם']);
  });

  it('takes letters, digits and underscores; a hyphen or punctuation ends the tag', () => {
    expect(extractHashtags('#summer_vibes2024, #co-ords. #Y2K!')).toEqual(['summer_vibes2024', 'co', 'Y2K']);
  });

  it('needs a letter, a # at a word start and no ## ', () => {
    expect(extractHashtags('look #1 and #2024')).toEqual([]);
    expect(extractHashtags('email a#b and ##double &#39;')).toEqual([]);
  });

  it('finds tags at line starts and right after punctuation', () => {
    expect(extractHashtags('line one\n#Evening (#Party)')).toEqual(['Evening', 'Party']);
  });

  it('drops repeats ignoring case, keeping the first spelling', () => {
    expect(extractHashtags('#Casual #casual #CASUAL #Plus_Size #PlusSize')).toEqual(['Casual', 'Plus_Size']);
  });
});

describe('tagKey and tagsEqual', () => {
  it('ignores case, #, spaces, hyphens and underscores', () => {
    expect(tagKey('Plus Size')).toBe('plussize');
    expect(tagKey('#Plus_Size')).toBe('plussize');
    expect(tagKey('  PLUS-size ')).toBe('plussize');
    expect(tagsEqual('Plus Size', 'plussize')).toBe(true);
    expect(tagsEqual('Casual', 'Casuals')).toBe(false);
  });

  it('never equates two empty keys', () => {
    expect(tagsEqual('', '#')).toBe(false);
  });
});

describe('stripHashtags', () => {
  it('removes tags and the spaces they leave', () => {
    expect(stripHashtags('Sunday  look #Casual #Cozy')).toBe('Sunday look');
    expect(stripHashtags('#Casual my #fav outfit')).toBe('my outfit');
  });

  it('keeps what is not a tag and keeps line breaks', () => {
    expect(stripHashtags('look #1\nsecond line #Evening')).toBe('look #1\nsecond line');
  });

  it('handles Hebrew, empty and null captions', () => {
    expect(stripHashtags('שמלה חדשה #אופנה')).toBe('שמלה חדשה');
    expect(stripHashtags('')).toBe('');
    expect(stripHashtags(null)).toBe('');
    expect(stripHashtags('#Casual #Cozy')).toBe('');
  });
});

describe('styleToHashtag and appendStyles', () => {
  it('writes a style without the characters a tag cannot hold', () => {
    expect(styleToHashtag('Casual')).toBe('Casual');
    expect(styleToHashtag('Plus Size')).toBe('PlusSize');
    expect(styleToHashtag('Old-Money')).toBe('OldMoney');
    expect(styleToHashtag('2024')).toBeNull();
    expect(styleToHashtag('  ')).toBeNull();
  });

  it("appends ' #Style' per style", () => {
    expect(appendStyles('My look', ['Casual', 'Plus Size'])).toBe('My look #Casual #PlusSize');
  });

  it('does not start an empty caption with a space', () => {
    expect(appendStyles('', ['Casual'])).toBe('#Casual');
    expect(appendStyles('  ', ['Casual', 'Evening'])).toBe('#Casual #Evening');
  });

  it('leaves the caption alone without styles (trailing spaces aside)', () => {
    expect(appendStyles('My look ', [])).toBe('My look');
  });

  it('skips styles already tagged or repeated, and untaggable ones', () => {
    expect(appendStyles('Love it #casual', ['Casual', 'Cozy', 'cozy', '2024'])).toBe('Love it #casual #Cozy');
  });

  it('round-trips every style through extractHashtags and tag comparison', () => {
    const caption = appendStyles('x', STYLES);
    const tags = extractHashtags(caption);
    expect(tags).toHaveLength(STYLES.length);
    STYLES.forEach((style, i) => {
      expect(tagsEqual(tags[i] ?? '', style)).toBe(true);
    });
  });
});

describe('splitStyleHashtags', () => {
  it('undoes appendStyles', () => {
    const stored = appendStyles('My look #ootd', ['Evening', 'Plus Size']);
    expect(splitStyleHashtags(stored)).toEqual({
      caption: 'My look #ootd',
      styles: ['Evening', 'Plus Size'],
    });
  });

  it('stops at a trailing tag that is not a style', () => {
    expect(splitStyleHashtags('Nice #Casual #ootd')).toEqual({ caption: 'Nice #Casual #ootd', styles: [] });
  });

  it('uses the given style list, e.g. with custom styles', () => {
    expect(splitStyleHashtags('Hi #OldMoney', [...STYLES, 'Old Money'])).toEqual({
      caption: 'Hi',
      styles: ['Old Money'],
    });
  });

  it('handles a caption made only of styles', () => {
    expect(splitStyleHashtags('#Casual #Cozy')).toEqual({ caption: '', styles: ['Casual', 'Cozy'] });
    expect(splitStyleHashtags('')).toEqual({ caption: '', styles: [] });
  });

  it('does not take a tag glued to a word', () => {
    expect(splitStyleHashtags('word#Casual')).toEqual({ caption: 'word#Casual', styles: [] });
  });
});

describe('containsHebrew', () => {
  it('detects Hebrew letters', () => {
    expect(containsHebrew('שלום')).toBe(true);
    expect(containsHebrew('Hello שלום')).toBe(true);
    expect(containsHebrew('Hello')).toBe(false);
    expect(containsHebrew('مرحبا')).toBe(false);
    expect(containsHebrew('')).toBe(false);
    expect(containsHebrew(null)).toBe(false);
  });
});

describe('truncateCaption', () => {
  it('keeps captions up to 50 characters', () => {
    const fifty = 'a'.repeat(50);
    expect(truncateCaption(fifty)).toEqual({ text: fifty, truncated: false });
    expect(truncateCaption('')).toEqual({ text: '', truncated: false });
  });

  it('cuts longer captions at 50 characters and adds ...', () => {
    expect(truncateCaption(`${'a'.repeat(50)}b`)).toEqual({ text: `${'a'.repeat(50)}...`, truncated: true });
  });

  it('counts an emoji as one character', () => {
    const text = '😀'.repeat(51);
    const result = truncateCaption(text);
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${'😀'.repeat(50)}...`);
  });

  it('takes another limit', () => {
    expect(truncateCaption('abcdef', 3)).toEqual({ text: 'abc...', truncated: true });
  });
});

import { describe, expect, it } from 'vitest';
import { usernameProblem } from '../schemas/people.ts';
import { extractMentions, mentionAtCaret, splitMentions } from './mentions.ts';

describe('mentions', () => {
  it('finds usernames as usernames may be written, each once ignoring case', () => {
    expect(extractMentions('love this @Maya.Curves and @ben_k-2, @maya.curves again')).toEqual([
      'maya.curves',
      'ben_k-2',
    ]);
  });

  it('mentions nobody in e-mail addresses, doubled @, too short or too long names', () => {
    expect(extractMentions(`write to ana@mail.com or @@ana, @ab, @${'a'.repeat(31)}`)).toEqual([]);
  });

  it('leaves a sentence full stop out of the name', () => {
    expect(extractMentions('thanks @ana.')).toEqual(['ana']);
    expect(extractMentions('@ana...!')).toEqual(['ana']);
  });

  it('every name it finds passes the username rules (except reserved ones)', () => {
    for (const name of extractMentions(`@a.b @abc @x_y-z @${'q'.repeat(30)}`)) {
      expect(usernameProblem(name)).toBeNull();
    }
  });

  it('cuts text into runs that join back to the text, with Hebrew around them', () => {
    const text = 'שמלה יפה @maya.curves! ו@ben לא';
    const segments = splitMentions(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind === 'mention').map((s) => s.text)).toEqual(['@maya.curves', '@ben']);
  });

  it('knows the mention being typed at the caret', () => {
    expect(mentionAtCaret('hi @ma', 6)).toEqual({ start: 3, query: 'ma' });
    expect(mentionAtCaret('hi @', 4)).toEqual({ start: 3, query: '' });
    expect(mentionAtCaret('hi @ma there', 12)).toBeNull();
    expect(mentionAtCaret('ana@ma', 6)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDS } from '../constants/lists.ts';
import { addCustomValue } from './custom-values.ts';

describe('addCustomValue', () => {
  it('appends the trimmed value', () => {
    expect(addCustomValue(['Zara'], '  Castro ')).toEqual(['Zara', 'Castro']);
    expect(addCustomValue([], 'קסטרו')).toEqual(['קסטרו']);
  });

  it('ignores blank values and returns the same list', () => {
    const list = ['Zara'];
    expect(addCustomValue(list, '')).toBe(list);
    expect(addCustomValue(list, '   ')).toBe(list);
  });

  it('ignores values already present, ignoring case and spaces', () => {
    const list = ['Zara', 'Pull & Bear'];
    expect(addCustomValue(list, 'zara')).toBe(list);
    expect(addCustomValue(list, ' PULL  &  BEAR ')).toBe(list);
  });

  it('ignores values among the built-in options', () => {
    const customs: string[] = [];
    expect(addCustomValue(customs, 'h&m', DEFAULT_BRANDS)).toBe(customs);
    expect(addCustomValue(customs, 'Castro', DEFAULT_BRANDS)).toEqual(['Castro']);
  });

  it('does not change the input list', () => {
    const list = ['A'];
    addCustomValue(list, 'B');
    expect(list).toEqual(['A']);
  });
});

/**
 * Whether an `autocomplete` attribute is valid by the HTML standard's grammar (the "autofill detail
 * tokens"): `on` or `off` alone, or [section-*] [shipping|billing] then one field name, where a contact
 * field may be preceded by home/work/mobile/fax/pager, and `webauthn` may end the list. axe's
 * `autocomplete-valid` rule checks the same; this lets a unit test catch a bad value without a browser.
 */
const FIELD_NAMES = new Set([
  'name',
  'honorific-prefix',
  'given-name',
  'additional-name',
  'family-name',
  'honorific-suffix',
  'nickname',
  'username',
  'new-password',
  'current-password',
  'one-time-code',
  'organization-title',
  'organization',
  'street-address',
  'address-line1',
  'address-line2',
  'address-line3',
  'address-level4',
  'address-level3',
  'address-level2',
  'address-level1',
  'country',
  'country-name',
  'postal-code',
  'cc-name',
  'cc-given-name',
  'cc-additional-name',
  'cc-family-name',
  'cc-number',
  'cc-exp',
  'cc-exp-month',
  'cc-exp-year',
  'cc-csc',
  'cc-type',
  'transaction-currency',
  'transaction-amount',
  'language',
  'bday',
  'bday-day',
  'bday-month',
  'bday-year',
  'sex',
  'url',
  'photo',
]);
const CONTACT_FIELD_NAMES = new Set([
  'tel',
  'tel-country-code',
  'tel-national',
  'tel-area-code',
  'tel-local',
  'tel-local-prefix',
  'tel-local-suffix',
  'tel-extension',
  'email',
  'impp',
]);
const CONTACT_TYPES = new Set(['home', 'work', 'mobile', 'fax', 'pager']);

export function isValidAutocomplete(value: string): boolean {
  const tokens = value.trim().toLowerCase().split(/\s+/);
  if (tokens.length === 1 && (tokens[0] === 'on' || tokens[0] === 'off')) return true;
  if (tokens.at(-1) === 'webauthn') tokens.pop();
  let i = 0;
  if (tokens[i]?.startsWith('section-')) i++;
  if (tokens[i] === 'shipping' || tokens[i] === 'billing') i++;
  const rest = tokens.slice(i);
  if (rest.length === 1) return FIELD_NAMES.has(rest[0]!) || CONTACT_FIELD_NAMES.has(rest[0]!);
  if (rest.length === 2) return CONTACT_TYPES.has(rest[0]!) && CONTACT_FIELD_NAMES.has(rest[1]!);
  return false;
}

/** Every `autocomplete` value under `root` that the standard does not allow. */
export function invalidAutocompletes(root: ParentNode = document): string[] {
  return [...root.querySelectorAll('[autocomplete]')]
    .map((element) => element.getAttribute('autocomplete') ?? '')
    .filter((value) => !isValidAutocomplete(value));
}

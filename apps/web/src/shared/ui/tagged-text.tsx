import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** The translated sentences with a handle in them, written `<handle>@{{username}}</handle>`. */
export type HandleTextKey = 'albums.by' | 'postDetail.moreFrom';

/** The texts with an address in them, written `<email>{{email}}</email>`. */
export type EmailTextKey =
  | 'auth.confirmEmail.description'
  | 'auth.forgot.sentDescription'
  | 'auth.reset.description'
  | 'security.signedInAs';

/** The sentences with search words in them, written `<term>{{term}}</term>`. */
export type TermTextKey = 'explore.showingResultsFor' | 'explore.searchInsteadFor';

/** The sentences written with one tagged part: `<handle>@{{username}}</handle>`, `<email>{{email}}</email>`, `<term>{{term}}</term>`. */
export type TaggedTextKey = HandleTextKey | EmailTextKey | TermTextKey;

/** Stands in for a value while the sentence is split, so a value that looks like a tag stays text. */
const PLACEHOLDER = '\u0000';

/**
 * A translated sentence whose `<tag>…</tag>` part is drawn in `element` (a <bdi> that isolates a handle or
 * an address). What react-i18next's <Trans> did for these few sentences, without its HTML parser in the
 * first screen's JavaScript (~3 kB gzip).
 */
export function TaggedText({
  i18nKey,
  tag,
  value,
  element,
}: {
  i18nKey: TaggedTextKey;
  tag: string;
  /** The sentence's {{username}}, {{email}} or {{term}}. */
  value: string;
  element: ReactElement<{ children?: string }>;
}) {
  const { t } = useTranslation();
  const sentence: string = t(i18nKey, { username: PLACEHOLDER, email: PLACEHOLDER, term: PLACEHOLDER });
  const fill = (text: string) => text.split(PLACEHOLDER).join(value);
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = sentence.indexOf(open);
  const end = sentence.indexOf(close, start);
  if (start < 0 || end < 0) return <>{fill(sentence)}</>;
  return (
    <>
      {fill(sentence.slice(0, start))}
      {cloneElement(element, undefined, fill(sentence.slice(start + open.length, end)))}
      {fill(sentence.slice(end + close.length))}
    </>
  );
}

/** A translated sentence with `@username` in it ('by @user', 'More from @user'), the handle isolated. */
export function HandleText({ i18nKey, username }: { i18nKey: HandleTextKey; username: string }) {
  return <TaggedText i18nKey={i18nKey} tag="handle" value={username} element={<bdi dir="ltr" />} />;
}

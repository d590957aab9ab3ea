import { type EmailTextKey, TaggedText } from './tagged-text';

export type { EmailTextKey };

/** A sentence with an email address: the address stands out, and keeps its order in a Hebrew sentence. */
export function EmailText({ i18nKey, email }: { i18nKey: EmailTextKey; email: string }) {
  return (
    <TaggedText
      i18nKey={i18nKey}
      tag="email"
      value={email}
      element={<bdi className="inline-block max-w-full font-medium text-ink-soft [overflow-wrap:anywhere]" />}
    />
  );
}

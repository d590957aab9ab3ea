import { TaggedText } from './tagged-text';

/** The texts with an address in them, written `<email>{{email}}</email>`. */
export type EmailTextKey =
  | 'auth.confirmEmail.description'
  | 'auth.forgot.sentDescription'
  | 'auth.reset.description'
  | 'security.signedInAs';

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

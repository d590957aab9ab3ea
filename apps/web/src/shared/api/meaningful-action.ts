import type { Mutation } from '@tanstack/react-query';

/*
 * Something a person did that others see: a like, a follow, a comment, a published post. Their mutations
 * carry this `meta`; after the first one succeeds, the installed app may ask to send notifications
 * (features/push), never on first load. Undoing one (a like or follow mutation called with `false`) is
 * not one.
 */
export const MEANINGFUL_ACTION_META = { meaningfulAction: true } as const;

export function isMeaningfulSuccess(mutation: Mutation<unknown, unknown, unknown, unknown>): boolean {
  return (
    mutation.meta?.meaningfulAction === true &&
    mutation.state.status === 'success' &&
    mutation.state.variables !== false
  );
}

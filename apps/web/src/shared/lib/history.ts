/**
 * Did the user get to this screen by navigating inside the app? Then "back" stays in the app; after a
 * deep link or a reload there is nothing of ours to go back to. (React Router counts entries in
 * `history.state.idx`.)
 */
export function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

import { useEffect, useRef } from 'react';
import {
  clearPostDraft,
  draftFilesChanged,
  isBlankPostForm,
  savePostDraftFields,
  savePostDraftFiles,
} from '../lib/post-draft';
import type { PostFormValues } from '../lib/post-form-model';

/** How long typing may pause before the fields are written (they are also written when the page hides). */
const FIELDS_DELAY_MS = 400;

export interface DraftAutosave {
  /** Stops saving (the post was published or discarded): nothing is written after this. */
  stop(): void;
  /** Whether this form has written a draft that is still stored. */
  hasSaved(): boolean;
}

/**
 * Keeps a signed-in author's unpublished Create Post form as a draft while it changes, so a reload, a closed
 * tab or a crash loses nothing: files as soon as they are added or removed, fields a moment after typing
 * stops and at once when the page is hidden or left. A form emptied again forgets its draft.
 */
export function useDraftAutosave(
  values: PostFormValues,
  {
    enabled,
    owner,
    initialValues,
  }: { enabled: boolean; owner: string | null; initialValues: PostFormValues },
): DraftAutosave {
  const stopped = useRef(false);
  const saved = useRef(false);
  const pending = useRef<PostFormValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const live = useRef({ enabled, owner });
  live.current = { enabled, owner };

  const flush = useRef(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next === null || stopped.current || !live.current.enabled) return;
    savePostDraftFields(next, live.current.owner);
    saved.current = true;
  });

  useEffect(() => {
    if (!enabled || stopped.current || values === initialValues) return;
    if (isBlankPostForm(values)) {
      pending.current = null;
      clearTimeout(timer.current);
      if (saved.current) void clearPostDraft();
      saved.current = false;
      return;
    }
    if (draftFilesChanged(values)) {
      // The fields at once (a later keystroke's write always wins), the files in the background (a field
      // naming a file not stored yet is skipped on restore).
      pending.current = values;
      flush.current();
      void savePostDraftFiles(values);
      return;
    }
    pending.current = values;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush.current, FIELDS_DELAY_MS);
  }, [values, enabled, initialValues]);

  // Hidden (another app, a tab switch, the tab closing) or unmounted: the last keystrokes are written now.
  useEffect(() => {
    const write = flush.current;
    const onHide = () => {
      if (document.visibilityState === 'hidden') write();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', write);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', write);
      write();
    };
  }, []);

  return {
    stop() {
      stopped.current = true;
      pending.current = null;
      clearTimeout(timer.current);
    },
    hasSaved: () => saved.current,
  };
}

import {
  addCustomValue,
  COLORS,
  DEFAULT_BRANDS,
  type DroppedItemImage,
  LIMITS,
  PATTERNS,
  POST_ITEM_SIZES,
  PRODUCT_TYPES,
} from '@sys/shared';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import {
  type FormEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMentionCombobox } from '@/entities/profile/ui/mention-combobox';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { ApiError } from '@/shared/api/api-client';
import { useApiErrorText } from '@/shared/api/use-api-error-text';
import { numberFormat } from '@/shared/lib/intl';
import { lazyModule, lazyWithPreload, useLazyModule, usePreloadWhenIdle } from '@/shared/lib/lazy';
import { useNavigationBlocker } from '@/shared/lib/navigation-blocker';
import { Button } from '@/shared/ui/button';
import { showToast } from '@/shared/ui/show-toast';
import { Textarea } from '@/shared/ui/textarea';
import { isolated } from '@/shared/ui/user-name';
import { clearPostDraft, savePostDraft } from '../lib/post-draft';
import {
  emptyItem,
  hasErrors,
  type ItemDraft,
  type PostFormErrors,
  type PostFormValues,
  postMessageKey,
} from '../lib/post-form-model';
import { useDeletePost } from '../model/use-delete-post';
import { useDraftAutosave } from '../model/use-draft-autosave';
import { UploadError, usePublishPost } from '../model/use-publish-post';
import { MediaGallery } from './media-gallery';
import type { CustomLists } from './product-editor';
import { ProductEditorSkeleton } from './product-editor-skeleton';
import { StylePicker } from './style-picker';

/*
 * Not with the screen (bench/bundle-size.ts: at most 170 kB gzip of JavaScript before it draws), each
 * preloaded when the browser is idle: the check (zod) at the first Publish, the product editor (its
 * selects) once there is a product, the dialogs when they open. All scripts are precached by the service
 * worker, so they load offline too.
 */
const validation = lazyModule(() => import('../lib/validate-post-form'));
const productEditor = lazyModule(() => import('./product-editor'));
const ConfirmDialog = lazyWithPreload(() =>
  import('@/shared/ui/confirm-dialog').then(({ ConfirmDialog }) => ({ default: ConfirmDialog })),
);
const DeletePostDialog = lazyWithPreload(() =>
  import('./delete-post-dialog').then(({ DeletePostDialog }) => ({ default: DeletePostDialog })),
);

const BUILT_IN: Record<keyof CustomLists, readonly string[]> = {
  customBrands: DEFAULT_BRANDS,
  customSizes: POST_ITEM_SIZES,
  customColors: COLORS,
  customPatterns: PATTERNS,
  customTypes: PRODUCT_TYPES,
};

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold tracking-tight text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface PostFormProps {
  mode: 'create' | 'edit';
  initialValues: PostFormValues;
  /** The post being edited. */
  postId?: string;
  /**
   * Create Post's values are a saved draft: it stays saved until it is published or discarded, so
   * leaving asks (Discard forgets it) even before anything was changed.
   */
  restoredDraft?: boolean;
}

/** Create Post and Edit Post (spec section 2): Media Gallery, Caption, Style, Products. */
export function PostForm({ mode, initialValues, postId, restoredDraft = false }: PostFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { isSignedIn, viewerId } = useViewer();
  const { prompt, dialog } = useRegistrationPrompt();
  const [values, setValues] = useState(initialValues);
  // Checked from the first Publish on, and again at every change: a fixed field loses its error at once.
  const [validate, setValidate] = useState<((values: PostFormValues) => PostFormErrors) | null>(null);
  const errors = useMemo<PostFormErrors>(
    () => (validate ? validate(values) : { items: {} }),
    [validate, values],
  );
  usePreloadWhenIdle(validation.load);
  usePreloadWhenIdle(productEditor.load);
  usePreloadWhenIdle(ConfirmDialog.preload);
  const editor = useLazyModule(productEditor, values.items.length > 0);
  // Publish pressed while the check is still loading: a second press waits for the first.
  const checking = useRef(false);
  const errorText = useApiErrorText();
  // The progress bar tells how uploading goes: no toast per product image ('Image uploaded' stayed on
  // screen after the post was published, about an upload the user never started by itself).
  const { publish, uploadItemImage, progress, isPublishing } = usePublishPost(postId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Each dialog's code loads when it first opens (or earlier, when idle), and it stays for its closing.
  const deleteAskedRef = useRef(false);
  if (confirmDelete) deleteAskedRef.current = true;
  const deleteAsked = deleteAskedRef.current;
  // Edit Post's delete dialog too (Create Post's call only repeats the one above).
  usePreloadWhenIdle(postId ? DeletePostDialog.preload : ConfirmDialog.preload);
  const deletion = useDeletePost();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // A Publish that found problems: once the render that draws them is on screen, the first one (in the
  // form's order) is scrolled to and focused. Not at the next animation frame: the check arrives after an
  // await (its code may still be loading), so that render is not the click's own, and a frame could come
  // before it (a busy phone, CI) and find nothing marked yet.
  const [problemsFound, setProblemsFound] = useState(0);
  useLayoutEffect(() => {
    if (problemsFound === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (!first) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    first.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    first.focus({ preventScroll: true });
  }, [problemsFound]);

  // The previews' object URLs go when the form does.
  const latest = useRef(values);
  latest.current = values;
  useEffect(
    () => () => {
      for (const media of latest.current.media) if (media.file) URL.revokeObjectURL(media.previewUrl);
      for (const item of latest.current.items) if (item.imagePreview) URL.revokeObjectURL(item.imagePreview);
    },
    [],
  );

  // A signed-in author's new post is kept as a draft as it is written (a visitor's when they press Publish).
  const autosave = useDraftAutosave(values, {
    enabled: mode === 'create' && isSignedIn,
    owner: viewerId,
    initialValues,
  });
  const draftStored = () => restoredDraft || autosave.hasSaved();

  // Leaving with unsaved work (the back arrow, a tab of the bottom bar, the browser's back) asks first, so
  // a tap does not throw a new post or an edit away. Saving, deleting or a lost session (the screen drops
  // the form) leave without asking.
  const leaving = useRef(false);
  const leave = (to: string) => {
    leaving.current = true;
    navigate(to);
  };
  const hasUnsavedEdits = () =>
    !leaving.current && JSON.stringify(latest.current) !== JSON.stringify(initialValues);
  // A restored draft is kept until published or discarded: leaving the screen asks which (a reload
  // keeps it, so that alone does not ask).
  const unsaved = useNavigationBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      (hasUnsavedEdits() || (restoredDraft && !leaving.current)),
  );
  const leaveAskedRef = useRef(false);
  if (unsaved.state === 'blocked') leaveAskedRef.current = true;
  const leaveAsked = leaveAskedRef.current;
  // Closing or reloading the tab with unsaved edits: the browser's own "Leave site?" question (not for an
  // autosaved new post: its draft is written as the page goes).
  const hasUnsavedRef = useRef(hasUnsavedEdits);
  hasUnsavedRef.current = () => !(mode === 'create' && isSignedIn) && hasUnsavedEdits();
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (hasUnsavedRef.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const translate = (message: string) => {
    const key = postMessageKey(message);
    return key ? t(`postMessages.${key}`) : message;
  };

  const update = (patch: Partial<PostFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const captionRef = useRef<HTMLTextAreaElement>(null);
  // '@' in the caption suggests people to mention.
  const captionMention = useMentionCombobox(values.caption, (caption) => update({ caption }), captionRef);
  const updateItem = (key: string, patch: Partial<ItemDraft>) =>
    setValues((current) => ({
      ...current,
      items: current.items.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    }));
  const addCustom = (list: keyof CustomLists, value: string) =>
    setValues((current) => ({
      ...current,
      [list]: addCustomValue(current[list], value, BUILT_IN[list]) as string[],
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPublishing || checking.current) return;

    if (!isSignedIn) {
      // A visitor's or guest's work waits for them (files included) while they sign up.
      await savePostDraft(values);
      void showToast('info', t('postForm.draftSaved'), { description: t('postForm.draftSavedDescription') });
      leave('/auth');
      return;
    }

    // The check is at hand once preloaded. Should its code not load (offline before it was ever cached),
    // the server's check, which speaks the same messages, still answers. The products' fields are drawn
    // too, so that the first problem can be focused.
    checking.current = true;
    const [check] = await Promise.all([
      validation.load().then(
        ({ validatePostForm }) => validatePostForm,
        () => null,
      ),
      values.items.length > 0 ? productEditor.load().catch(() => undefined) : undefined,
    ]).finally(() => {
      checking.current = false;
    });
    const found = check ? check(values) : { items: {} };
    if (check) setValidate(() => check);
    if (hasErrors(found)) {
      void showToast('destructive', translate(found.first ?? ''));
      // Drawn in the same render as the errors: the effect below then focuses the first one.
      setProblemsFound((count) => count + 1);
      return;
    }

    try {
      const saved = await publish(values);
      if (mode === 'create') {
        autosave.stop();
        await clearPostDraft();
        void showToast('success', t('postForm.created'));
      } else {
        void showToast('success', t('postForm.updated'));
      }
      showDroppedImages(saved.dropped_item_images ?? []);
      leave(mode === 'create' ? '/' : '/profile');
    } catch (error) {
      if (error instanceof UploadError) {
        showUploadError(error);
        if (error.cause instanceof ApiError && error.cause.status === 401) leave('/auth');
        return;
      }
      const message = error instanceof Error ? translate(error.message) : t('postForm.unexpected');
      const title = mode === 'create' ? t('postForm.createError') : t('postForm.updateError');
      void showToast('destructive', title, { description: message });
      if (error instanceof ApiError && error.status === 401) leave('/auth');
    }
  };

  /**
   * The products whose image link the server could not store as our media (not reachable, not an image):
   * the post was saved, those products without an image.
   */
  const showDroppedImages = (dropped: readonly DroppedItemImage[]) => {
    if (dropped.length === 0) return;
    const products = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'conjunction' }).format(
      dropped.map(({ index }) => t('product.title', { number: index + 1 })),
    );
    void showToast('info', t('itemImage.dropped', { count: dropped.length }), {
      description: t('itemImage.droppedDescription', { count: dropped.length, products }),
      duration: LIMITS.toastLongDurationMs,
    });
  };

  /**
   * A product's image goes up as soon as it is picked ('Image uploaded'); if that fails, the error says
   * so now, and publishing tries once more.
   */
  const uploadPickedImage = (key: string, number: number, file: File) => {
    uploadItemImage(key, number, file).then(
      () => void showToast('success', t('itemImage.uploaded')),
      (error: unknown) => {
        if (error instanceof UploadError) showUploadError(error);
      },
    );
  };

  /** Which file failed, and why: 'File upload error' for a photo or video, 'Upload failed' for a product image. */
  const showUploadError = (error: UploadError) => {
    if (error.kind === 'media') {
      const reason = errorText(error.cause);
      const which = t('postForm.mediaUploadFailed', { number: error.number, name: isolated(error.fileName) });
      void showToast('destructive', t('postForm.fileUploadError'), {
        description: reason ? `${which} ${reason}` : which,
      });
      return;
    }
    // The server refused the file (type, size), or something else went wrong on the way.
    const refused = error.cause instanceof ApiError && error.cause.status >= 400 && error.cause.status < 500;
    void showToast('destructive', t('itemImage.uploadFailed'), {
      description: t('itemImage.uploadFailedFor', {
        product: t('product.title', { number: error.number }),
        reason: refused ? t('itemImage.uploadRefused') : t('itemImage.uploadFailedDescription'),
      }),
    });
  };

  const captionLength = Array.from(values.caption).length;
  const number = numberFormat(i18n.resolvedLanguage ?? 'en');
  const mediaErrorId = `${id}-media-error`;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-8 px-4 pb-8"
    >
      <Section id={`${id}-media`} title={t('postForm.media')}>
        <MediaGallery
          media={values.media}
          onChange={(media) => update({ media })}
          error={errors.media ? translate(errors.media) : undefined}
          errorId={mediaErrorId}
        />
      </Section>

      <Section id={`${id}-caption`} title={t('postForm.caption')}>
        <Textarea
          ref={captionRef}
          aria-labelledby={`${id}-caption`}
          aria-describedby={`${id}-caption-count`}
          aria-invalid={errors.caption ? true : undefined}
          rows={4}
          dir="auto"
          value={values.caption}
          {...captionMention.fieldProps}
          placeholder={t('postForm.captionPlaceholder')}
        />
        {captionMention.listbox}
        <p
          id={`${id}-caption-count`}
          className={
            captionLength > LIMITS.captionMaxChars ? 'text-[13px] text-danger' : 'text-[13px] text-muted'
          }
        >
          {t('postForm.captionCount', {
            n: number.format(captionLength),
            max: number.format(LIMITS.captionMaxChars),
          })}
        </p>
        {errors.caption ? <p className="text-[13px] text-danger">{translate(errors.caption)}</p> : null}
      </Section>

      <Section id={`${id}-style`} title={t('postForm.style')}>
        <StylePicker
          selected={values.styles}
          custom={values.customStyles}
          onChange={({ selected, custom }) => update({ styles: selected, customStyles: custom })}
          error={errors.styles ? translate(errors.styles) : undefined}
        />
      </Section>

      <Section id={`${id}-products`} title={t('postForm.products')}>
        {values.items.length === 0 ? <p className="text-sm text-muted">{t('postForm.noProducts')}</p> : null}
        {values.items.map((item, index) =>
          editor === undefined ? (
            <ProductEditorSkeleton key={item.key} number={index + 1} />
          ) : (
            <editor.ProductEditor
              key={item.key}
              item={item}
              index={index}
              lists={values}
              onAddCustom={addCustom}
              onChange={(patch) => updateItem(item.key, patch)}
              onImagePicked={isSignedIn ? (file) => uploadPickedImage(item.key, index + 1, file) : undefined}
              onRemove={() => update({ items: values.items.filter((other) => other.key !== item.key) })}
              errors={(() => {
                const itemErrors = errors.items[item.key];
                return itemErrors
                  ? {
                      link: itemErrors.link ? translate(itemErrors.link) : undefined,
                      price: itemErrors.price ? translate(itemErrors.price) : undefined,
                    }
                  : undefined;
              })()}
              canScrape={isSignedIn}
              onRequireAccount={() => prompt(t('postForm.promptScrape'))}
            />
          ),
        )}
        <Button variant="outline" onClick={() => update({ items: [...values.items, emptyItem()] })}>
          <PlusIcon aria-hidden />
          {t('postForm.addProduct')}
        </Button>
      </Section>

      <div className="flex flex-col gap-3">
        {progress !== null ? (
          <div
            role="progressbar"
            aria-label={t('postForm.uploadProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-subtle"
          >
            <div className="h-full bg-accent-600 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
        <Button type="submit" size="lg" disabled={isPublishing}>
          {isPublishing
            ? t('postForm.publishing', { progress: progress ?? 0 })
            : mode === 'create'
              ? t('postForm.publish')
              : t('postForm.save')}
        </Button>
        {mode === 'edit' && postId ? (
          <Button variant="ghost" size="lg" className="text-danger" onClick={() => setConfirmDelete(true)}>
            <Trash2Icon aria-hidden />
            {t('deletePost.title')}
          </Button>
        ) : null}
      </div>

      {postId && deleteAsked ? (
        <Suspense fallback={null}>
          <DeletePostDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            pending={deletion.isPending}
            onConfirm={() => {
              leaving.current = true;
              deletion.remove(postId, () => setConfirmDelete(false));
            }}
          />
        </Suspense>
      ) : null}
      {leaveAsked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={unsaved.state === 'blocked'}
            onOpenChange={(open) => {
              if (!open && unsaved.state === 'blocked') unsaved.reset();
            }}
            title={mode === 'edit' ? t('postForm.unsavedTitle') : t('postForm.unpublishedTitle')}
            description={
              mode === 'edit'
                ? t('postForm.unsavedDescription')
                : isSignedIn
                  ? t('postForm.draftKeptDescription')
                  : t('postForm.unpublishedDescription')
            }
            confirmLabel={t('postForm.discard')}
            pendingLabel={t('postForm.discard')}
            cancelLabel={t('postForm.keepEditing')}
            // A signed-in author may also go and finish later: the draft waits on this device.
            secondary={
              mode === 'create' && isSignedIn
                ? {
                    label: t('postForm.saveDraft'),
                    onClick: () => {
                      leaving.current = true;
                      void savePostDraft(latest.current, viewerId).then(
                        () => void showToast('success', t('postForm.draftKept')),
                      );
                      unsaved.proceed?.();
                    },
                  }
                : undefined
            }
            onConfirm={() => {
              // Discarding a stored draft forgets it; a form that was never saved has nothing stored.
              autosave.stop();
              if (draftStored()) void clearPostDraft();
              unsaved.proceed?.();
            }}
          />
        </Suspense>
      ) : null}
      {dialog}
    </form>
  );
}

/**
 * The post form's pieces that load when needed (features/post-form/ui/post-form.tsx). The first import of
 * each is transformed on demand in tests, which on a busy machine can take longer than a find waits;
 * loading them before the tests keeps those finds about behaviour, not about the transform.
 */
export function loadPostFormPieces(): Promise<unknown> {
  return Promise.all([
    import('@/features/post-form/lib/validate-post-form'),
    import('@/features/post-form/ui/product-editor'),
    import('@/features/post-form/ui/sortable-media-list'),
    import('@/features/post-form/ui/delete-post-dialog'),
    import('@/shared/ui/confirm-dialog'),
  ]);
}

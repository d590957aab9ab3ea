import { CreatePostBodySchema } from '@sys/shared';
import { type PostFormErrors, type PostFormValues, toPostBody } from './post-form-model';

/*
 * The form's check, with the server's own zod schema. In a module of its own: zod is about 25 kB gzip, so
 * the form loads this when the browser is idle or at the first Publish, not with the screen
 * (bench/bundle-size.ts).
 */

/** Checks the form with the server's schema; messages are the spec's (POST_MESSAGES). */
export function validatePostForm(values: PostFormValues): PostFormErrors {
  const errors: PostFormErrors = { items: {} };
  const result = CreatePostBodySchema.safeParse(toPostBody(values));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [section, index, field] = issue.path;
    const message = issue.message;
    errors.first ??= message;
    if (section === 'media') errors.media ??= message;
    else if (section === 'caption') errors.caption ??= message;
    else if (section === 'styles') errors.styles ??= message;
    else if (section === 'items' && typeof index === 'number') {
      const key = values.items[index]?.key;
      if (!key) continue;
      const itemErrors = errors.items[key] ?? {};
      errors.items[key] = itemErrors;
      if (field === 'link') itemErrors.link ??= message;
      else if (field === 'price') itemErrors.price ??= message;
    }
  }
  return errors;
}

import { containsHebrew, stripHashtags, truncateCaption } from '@sys/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MentionText } from '@/entities/profile/ui/mention-text';
import { cn } from '@/shared/ui/cn';

/**
 * The caption as cards show it (section 2): hashtags removed, the first 50 characters with more/less, and
 * right to left, right-aligned, when it has Hebrew. '@username' mentions link to their profiles.
 */
export function PostCaption({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const text = stripHashtags(caption);
  if (text === '') return null;
  const preview = truncateCaption(text);
  const hebrew = containsHebrew(text);

  return (
    <p
      dir={hebrew ? 'rtl' : 'ltr'}
      className={cn(
        'whitespace-pre-line break-words text-[15px] leading-snug text-ink',
        hebrew ? 'text-right' : 'text-left',
      )}
    >
      <span id={id}>
        <MentionText text={expanded || !preview.truncated ? text : preview.text} />
      </span>
      {preview.truncated ? (
        <>
          {' '}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={id}
            onClick={() => setExpanded((value) => !value)}
            className="inline-flex min-h-6 items-center font-medium text-muted hover:text-ink"
          >
            {expanded ? t('card.less') : t('card.more')}
          </button>
        </>
      ) : null}
    </p>
  );
}

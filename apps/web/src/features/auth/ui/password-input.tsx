import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';
import { IconButton } from '@/shared/ui/icon-button';
import { Input } from '@/shared/ui/input';

/** A password input with a button that shows the typed text (handy on phone keyboards). */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOffIcon : EyeIcon;
  return (
    <div className="relative">
      <Input
        {...props}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn('pe-12', className)}
      />
      <IconButton
        aria-label={t('auth.showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute end-0 top-0 text-muted hover:bg-transparent hover:text-ink"
      >
        <Icon aria-hidden />
      </IconButton>
    </div>
  );
}

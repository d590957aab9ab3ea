import { ShieldCheckIcon, UserRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoonScreen } from '@/components/layout/coming-soon-screen';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';

export default function OwnProfileScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('screens.profile.title')}
      description={t('screens.profile.soon')}
      icon={<UserRoundIcon />}
      menu={
        <DropdownMenuItem asChild>
          <Link to="/settings/security">
            <ShieldCheckIcon aria-hidden className="size-5 text-muted" />
            {t('security.title')}
          </Link>
        </DropdownMenuItem>
      }
    />
  );
}

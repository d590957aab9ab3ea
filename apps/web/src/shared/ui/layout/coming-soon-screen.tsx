import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state';
import { PageHeader, type PageHeaderProps } from './page-header';

export interface ComingSoonScreenProps extends Omit<PageHeaderProps, 'title'> {
  title: string;
  /** What this screen will show, in a friendly line. */
  description: string;
  icon: ReactNode;
  children?: ReactNode;
}

/** A screen whose content a later release fills: its real title and a line saying what will come. */
export function ComingSoonScreen({ title, description, icon, children, ...header }: ComingSoonScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} {...header} />
      <EmptyState icon={icon} title={t('common.comingSoon')} description={description} className="py-16" />
      {children}
    </>
  );
}

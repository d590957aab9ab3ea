import type { Album } from '@sys/shared';
import { GalleryVerticalEndIcon, Grid3x3Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlbumCard, AlbumGrid } from '@/entities/album/ui/album-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/shared/ui/tabs';

export interface ProfileTabsProps {
  posts: ReactNode;
  albums: ReactNode;
  className?: string;
}

/** The Posts and Albums tabs under a profile's summary (own profile and another user's). */
export function ProfileTabs({ posts, albums, className }: ProfileTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="posts" className={className}>
      <TabsList>
        <TabsTrigger value="posts">
          <Grid3x3Icon aria-hidden className="size-4" />
          {t('profile.postsTab')}
        </TabsTrigger>
        <TabsTrigger value="albums">
          <GalleryVerticalEndIcon aria-hidden className="size-4" />
          {t('profile.albumsTab')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="posts" className="px-1">
        {posts}
      </TabsContent>
      <TabsContent value="albums" className="px-4">
        {albums}
      </TabsContent>
    </Tabs>
  );
}

/** A profile's albums, each leading to its posts; the owner is the profile, so it is not repeated. */
export function ProfileAlbumGrid({ albums }: { albums: Album[] }) {
  return (
    <AlbumGrid>
      {albums.map((album) => (
        <li key={album.id}>
          <AlbumCard album={album} to={`/album/${album.id}/posts`} showOwner={false} />
        </li>
      ))}
    </AlbumGrid>
  );
}

/** What an empty tab says ('No posts yet', 'No albums yet'). */
export function EmptyTabNote({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted">{children}</p>;
}

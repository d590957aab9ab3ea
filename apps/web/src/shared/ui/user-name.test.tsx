import type { Album, Creator } from '@sys/shared';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { AlbumCard } from '@/entities/album/ui/album-card';
import { ProfileSummary } from '@/entities/profile/ui/profile-summary';
import { CreatorCard } from '@/pages/explore/ui/creator-card';
import { HandleText } from './tagged-text';
import { Handle, UserName } from './user-name';

/*
 * In Hebrew the bidi algorithm draws a bare "@noa.levi" as "noa.levi@". Every handle must sit in its
 * own left-to-right isolate: a <bdi dir="ltr"> whose text starts with the "@".
 */
function handles(container: HTMLElement): string[] {
  return [...container.querySelectorAll('bdi[dir="ltr"]')].map((element) => element.textContent ?? '');
}

/** No "@" outside an isolate: every "@" of the rendered text belongs to a handle. */
function strayAts(container: HTMLElement): number {
  const clone = container.cloneNode(true) as HTMLElement;
  for (const isolate of clone.querySelectorAll('bdi')) isolate.remove();
  return (clone.textContent ?? '').split('@').length - 1;
}

const owner = { id: '00000000-0000-4000-8000-000000000001', display_name: 'נועה לוי', avatar_url: null };

describe('user names next to Hebrew text', () => {
  it('isolate a handle left-to-right with the @ inside', async () => {
    await i18n.changeLanguage('he');
    const { container } = render(
      <p>
        <Handle username="noa.levi" />
      </p>,
    );
    expect(handles(container)).toEqual(['@noa.levi']);
    expect(strayAts(container)).toBe(0);
  });

  it("isolate the handle of 'by @user' and 'More from @user' in both languages", async () => {
    for (const language of ['he', 'en']) {
      await i18n.changeLanguage(language);
      const by = render(<HandleText i18nKey="albums.by" username="noa.levi_" />);
      expect(handles(by.container)).toEqual(['@noa.levi_']);
      expect(strayAts(by.container)).toBe(0);
      expect(by.container.textContent).toBe(language === 'en' ? 'by @noa.levi_' : 'מאת @noa.levi_');
      by.unmount();
      const more = render(<HandleText i18nKey="postDetail.moreFrom" username="dana" />);
      expect(handles(more.container)).toEqual(['@dana']);
      expect(more.container.textContent).toBe(language === 'en' ? 'More from @dana' : 'עוד מ-@dana');
      more.unmount();
    }
  });

  it('isolate display names in their own direction', () => {
    const { container } = render(<UserName>Noa.</UserName>);
    const isolate = container.querySelector('bdi');
    expect(isolate).toHaveTextContent('Noa.');
    expect(isolate).not.toHaveAttribute('dir');
  });

  it('on the profile header, album cards and creator cards', async () => {
    await i18n.changeLanguage('he');
    const profile = render(
      <ProfileSummary
        profile={{ avatarUrl: null, displayName: 'Noa Levi', username: 'noa.levi', bio: null }}
        stats={undefined}
      />,
    );
    expect(handles(profile.container)).toEqual(['@noa.levi']);
    expect(strayAts(profile.container)).toBe(0);
    profile.unmount();

    const album: Album = {
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Summer',
      is_public: true,
      owner: { ...owner, username: 'noa.levi' },
      post_count: 2,
      images: [],
      saved_by_me: false,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    };
    const card = render(
      <MemoryRouter>
        <AlbumCard album={album} to="/album/x/posts" />
      </MemoryRouter>,
    );
    expect(handles(card.container)).toEqual(['@noa.levi']);
    expect(strayAts(card.container)).toBe(0);
    card.unmount();

    const creator: Creator = {
      ...owner,
      username: 'maya.cohen',
      followers_count: 3,
      posts_count: 1,
      is_following: false,
    };
    const creatorCard = render(
      <MemoryRouter>
        <CreatorCard creator={creator} />
      </MemoryRouter>,
    );
    expect(handles(creatorCard.container)).toEqual(['@maya.cohen']);
    expect(strayAts(creatorCard.container)).toBe(0);
  });
});

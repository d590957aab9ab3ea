import type { AdminReport, AdminReportPage, Author } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from '@/shared/lib/relative-time';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

const fake = { client: installFakeAuthClient(null) };

/** A signed-in session whose user has `role` (what the auth service answers with the session). */
function sessionWithRole(role: string) {
  const session = fakeSession('mod@example.com');
  return { ...session, user: { ...session.user, role } };
}

const author = (name: string, n: number): Author => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  username: name,
  display_name: null,
  avatar_url: null,
});
const bob = author('bob', 2);
const carol = author('carol', 3);
const dana = { ...author('dana', 4), display_name: 'Dana Levi' };
const POST_ID = '00000000-0000-4000-8000-0000000000a1';
const OTHER_POST_ID = '00000000-0000-4000-8000-0000000000a2';
const COMMENT_ID = '00000000-0000-4000-8000-0000000000c1';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function report(n: number, fields: Partial<AdminReport>): AdminReport {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    target_type: 'post',
    target_id: POST_ID,
    reason: 'spam',
    note: null,
    status: 'open',
    created_at: minutesAgo(n),
    reporter: carol,
    target: null,
    resolved_at: null,
    ...fields,
  };
}

const postReport = report(1, {
  reason: 'harassment',
  note: 'Mean caption',
  target: { text: 'Loud jacket', media_url: '/media/post-media/b/look.webp', post_id: POST_ID, author: bob },
});
const commentReport = report(2, {
  target_type: 'comment',
  target_id: COMMENT_ID,
  reason: 'hate',
  target: { text: 'Rude words', media_url: null, post_id: OTHER_POST_ID, author: bob },
});
const userReport = report(3, {
  target_type: 'user',
  target_id: dana.id,
  reason: 'impersonation',
  target: { text: 'Stylist in Haifa', media_url: null, post_id: null, author: dana },
});
const goneReport = report(4, { target_id: '00000000-0000-4000-8000-0000000000a9', reason: 'scam' });

const page = (items: AdminReport[], nextCursor: string | null = null): AdminReportPage => ({
  items,
  next_cursor: nextCursor,
});

/** Text with a username the app wraps in Unicode isolates (as <bdi> does). */
const named = (before: string, name: string, after = '') => `${before}\u2068${name}\u2069${after}`;

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  fake.client.emit('SIGNED_IN', sessionWithRole('supabase_admin'));
});

afterEach(() => {
  vi.restoreAllMocks();
  fake.client.emit('SIGNED_OUT', null);
});

const listOf = (label: string) => screen.findByRole('list', { name: label });

describe('/settings/moderation', () => {
  it('lists open reports newest first: what was reported, why, by whom and when', async () => {
    const api = fakeApi({
      'GET /api/v1/admin/reports': () => page([postReport, commentReport, userReport, goneReport]),
    });
    renderApp('/settings/moderation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    // The tabs come with the screen's own chunk, a moment after the header's title.
    expect(await screen.findByRole('tab', { name: 'Open', selected: true })).toBeInTheDocument();
    const list = await listOf('Open reports');
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Reported post',
      'Reported comment',
      'Reported user',
      'Reported post',
    ]);
    expect(cards[0]).toHaveAccessibleName('Reported post Reason: Harassment or bullying');
    const url = new URL(String(api.mock.calls[0]?.[0]), window.location.origin);
    expect(url.searchParams.get('status')).toBe('open');

    // A post: its thumbnail and caption, linking to it; the reason translated; the reporter's note.
    const [post, comment, user, gone] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    const postLink = within(post).getByRole('link', { name: /Loud jacket/ });
    expect(postLink).toHaveAttribute('href', `/post/${POST_ID}`);
    expect(post.querySelector('img')).toHaveAttribute('src', '/media/post-media/b/look.webp');
    expect(within(post).getByText(named('by ', '@bob'))).toBeInTheDocument();
    expect(within(post).getByText('Reason: Harassment or bullying')).toBeInTheDocument();
    expect(within(post).getByText('Mean caption')).toBeInTheDocument();
    expect(within(post).getByText('Open')).toBeInTheDocument();
    expect(
      within(post).getByText(
        named('Reported by ', '@carol', ` · ${relativeTime(postReport.created_at, 'en')}`),
      ),
    ).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Remove post' })).toBeInTheDocument();

    // A comment: its words and a link to its post.
    expect(within(comment).getByText('Rude words')).toBeInTheDocument();
    expect(within(comment).getByText('Reason: Hate speech or symbols')).toBeInTheDocument();
    expect(within(comment).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      `/post/${OTHER_POST_ID}`,
    );
    expect(within(comment).getByRole('button', { name: 'Remove comment' })).toBeInTheDocument();

    // A user: avatar and @username, linking to the profile; nothing to remove here.
    expect(within(user).getByRole('link', { name: /@dana/ })).toHaveAttribute('href', '/profile/dana');
    expect(within(user).getByText('Dana Levi')).toBeInTheDocument();
    expect(within(user).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(user).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();

    // A post that is gone: '(removed)', still resolvable, not removable again.
    expect(within(gone).getByText('Post (removed)')).toBeInTheDocument();
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: 'Remove post' })).not.toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('has a tab per status in the address, each with its own empty state', async () => {
    const asked: string[] = [];
    fakeApi({
      'GET /api/v1/admin/reports': (url) => {
        asked.push(url.searchParams.get('status') ?? '');
        return page([]);
      },
    });
    const { router, user } = renderApp('/settings/moderation');
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Resolved' }));
    expect(await screen.findByText('No resolved reports')).toBeInTheDocument();
    expect(router.location.search).toBe('?status=resolved');
    await user.click(screen.getByRole('tab', { name: 'Dismissed' }));
    expect(await screen.findByText('No dismissed reports')).toBeInTheDocument();
    // Arrow keys move between the tabs (the tabs pattern).
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('No reports yet')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All', selected: true })).toHaveFocus();
    expect(asked).toEqual(['open', 'resolved', 'dismissed', 'all']);
  });

  it('opens on the tab the address names', async () => {
    fakeApi({ 'GET /api/v1/admin/reports': () => page([]) });
    renderApp('/settings/moderation?status=dismissed');
    expect(await screen.findByText('No dismissed reports')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dismissed', selected: true })).toBeInTheDocument();
  });

  it('says when the reports could not be loaded, and loads them again on Try again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/v1/admin/reports': () =>
        fail ? withStatus(500, apiErrorBody('internal', 'Boom')) : page([postReport]),
    });
    const { user } = renderApp('/settings/moderation');
    expect(await screen.findByText('The reports could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('No open reports')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await listOf('Open reports')).toBeInTheDocument();
    expect(screen.getByText('Loud jacket')).toBeInTheDocument();
  });

  it('loads more reports after the cursor', async () => {
    const cursors: Array<string | null> = [];
    fakeApi({
      'GET /api/v1/admin/reports': (url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'next' ? page([userReport]) : page([postReport, commentReport], 'next');
      },
    });
    const { user } = renderApp('/settings/moderation');
    const list = await listOf('Open reports');
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more reports' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more reports' })).not.toBeInTheDocument();
    expect(cursors).toEqual([null, 'next']);
  });

  it('resolves a report at once, and the next report takes the focus', async () => {
    const patches: unknown[] = [];
    let open = [postReport, commentReport];
    fakeApi({
      'GET /api/v1/admin/reports': () => page(open),
      [`PATCH /api/v1/admin/reports/${postReport.id}`]: (_url, init) => {
        patches.push(JSON.parse(String(init?.body)));
        open = [commentReport];
        return { ...postReport, status: 'resolved' };
      },
    });
    const { user } = renderApp('/settings/moderation');
    const list = await listOf('Open reports');
    const [first] = within(list).getAllByRole('article');
    await user.click(within(first!).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByText('Loud jacket')).not.toBeInTheDocument());
    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'resolved' }]);
    await waitFor(() => expect(within(list).getByRole('article')).toHaveFocus());
  });

  it('puts a dismissed report back when the server refuses, and says why', async () => {
    let gets = 0;
    fakeApi({
      // Loading the list again fails too: the report is back because the change was undone.
      'GET /api/v1/admin/reports': () => {
        gets += 1;
        return gets === 1 ? page([postReport]) : withStatus(500, apiErrorBody('internal', 'Boom'));
      },
      [`PATCH /api/v1/admin/reports/${postReport.id}`]: () =>
        withStatus(403, apiErrorBody('forbidden', 'Only administrators can do this')),
    });
    const { user } = renderApp('/settings/moderation');
    await listOf('Open reports');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('The report could not be changed')).toBeInTheDocument();
    expect(screen.getByText('Only administrators can do this.')).toBeInTheDocument();
    expect(screen.getByText('Loud jacket')).toBeInTheDocument();
    await waitFor(() => expect(gets).toBeGreaterThan(1));
    expect(screen.getByText('Loud jacket')).toBeInTheDocument();
  });

  it('removes a reported post after asking, and shows it gone with its report resolved', async () => {
    let removed = false;
    fakeApi({
      'GET /api/v1/admin/reports': (url) =>
        url.searchParams.get('status') === 'all'
          ? page([removed ? { ...postReport, status: 'resolved', target: null } : postReport])
          : page(removed ? [] : [postReport]),
      [`DELETE /api/v1/admin/posts/${POST_ID}`]: () => {
        removed = true;
        return { removed: true, reports_resolved: 2 };
      },
    });
    const { user } = renderApp('/settings/moderation?status=all');
    await listOf('All reports');
    await user.click(screen.getByRole('button', { name: 'Remove post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this post?' });
    expect(within(dialog).getByText('Loud jacket')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Post removed')).toBeInTheDocument();
    expect(screen.getByText('2 open reports resolved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Post (removed)')).toBeInTheDocument();
    const card = screen.getByRole('article');
    expect(within(card).getByText('Resolved')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Remove post' })).not.toBeInTheDocument();
    // Nothing is left to review: no Reopen either.
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens a dismissed report again', async () => {
    const dismissed = { ...userReport, status: 'dismissed' as const, resolved_at: minutesAgo(1) };
    const patches: unknown[] = [];
    fakeApi({
      'GET /api/v1/admin/reports': () => page(patches.length ? [] : [dismissed]),
      [`PATCH /api/v1/admin/reports/${userReport.id}`]: (_url, init) => {
        patches.push(JSON.parse(String(init?.body)));
        return { ...userReport, status: 'open' };
      },
    });
    const { user } = renderApp('/settings/moderation?status=dismissed');
    const list = await listOf('Dismissed reports');
    expect(
      within(list).getByText(`dismissed ${relativeTime(dismissed.resolved_at, 'en')}`, { exact: false }),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Report reopened')).toBeInTheDocument();
    expect(await screen.findByText('No dismissed reports')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'open' }]);
  });

  it('removes nothing when the removal is cancelled', async () => {
    const api = fakeApi({ 'GET /api/v1/admin/reports': () => page([commentReport]) });
    const { user } = renderApp('/settings/moderation');
    await listOf('Open reports');
    await user.click(screen.getByRole('button', { name: 'Remove comment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    expect(screen.getByText('Rude words')).toBeInTheDocument();
  });

  it('says when a comment was already removed, and loads the list again', async () => {
    let gets = 0;
    fakeApi({
      'GET /api/v1/admin/reports': () => {
        gets += 1;
        return page(gets === 1 ? [commentReport] : []);
      },
      [`DELETE /api/v1/admin/comments/${COMMENT_ID}`]: () =>
        withStatus(404, apiErrorBody('not_found', 'Comment not found')),
    });
    const { user } = renderApp('/settings/moderation');
    await listOf('Open reports');
    await user.click(screen.getByRole('button', { name: 'Remove comment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This comment was already removed')).toBeInTheDocument();
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it('tells a signed-in person who is not an administrator that the page is not for them', async () => {
    fake.client.emit('SIGNED_IN', sessionWithRole('authenticated'));
    fakeApi({
      'GET /api/v1/admin/reports': () =>
        withStatus(403, apiErrorBody('forbidden', 'Only administrators can do this')),
    });
    renderApp('/settings/moderation');
    expect(await screen.findByText('Only administrators can see this page')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute('href', '/profile');
  });

  it('asks a visitor to sign in, and asks the server nothing', async () => {
    fake.client.emit('SIGNED_OUT', null);
    const api = fakeApi({});
    renderApp('/settings/moderation');
    expect(await screen.findByText('Sign in to review reports')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(api.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('/admin/'));
  });
});

describe('the own profile menu', () => {
  it('offers Moderation to an administrator', async () => {
    fakeApi({});
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    const item = await screen.findByRole('menuitem', { name: 'Moderation' });
    expect(item).toHaveAttribute('href', '/settings/moderation');
  });

  it('does not offer it to anyone else', async () => {
    fake.client.emit('SIGNED_IN', sessionWithRole('authenticated'));
    fakeApi({});
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Blocked people' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Moderation' })).not.toBeInTheDocument();
  });
});

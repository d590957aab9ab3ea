import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { FakeEventSource } from '@/test/fake-event-source';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());

beforeEach(async () => {
  window.localStorage.setItem('onboarded', 'true');
  // What auth-js stores with a session: the app sends the stream its token only when one is stored.
  window.localStorage.setItem('sys-auth', '{}');
  FakeEventSource.install();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const userStreams = () => FakeEventSource.open((url) => url.searchParams.has('access_token'));

describe('the activity bell', () => {
  it('shows the unread count in its name and follows the events stream', async () => {
    fakeApi({ 'GET /api/v1/activity/unread-count': () => ({ unread_count: 2 }) });
    renderApp('/');
    const bell = await screen.findByRole('link', { name: 'Activity, 2 unread' }, { timeout: 8000 });
    expect(bell).toHaveAttribute('href', '/activity');
    expect(bell.closest('header')).not.toBeNull();
    await waitFor(() => expect(userStreams()).not.toEqual([]));

    FakeEventSource.emitToOpen({ type: 'activity.unread', unread_count: 3 });
    expect(await screen.findByRole('link', { name: 'Activity, 3 unread' })).toBeInTheDocument();
    FakeEventSource.emitToOpen({ type: 'activity.unread', unread_count: 0 });
    expect(await screen.findByRole('link', { name: 'Activity' })).toBeInTheDocument();

    await i18n.changeLanguage('he');
    FakeEventSource.emitToOpen({ type: 'activity.unread', unread_count: 1 });
    expect(await screen.findByRole('link', { name: 'פעילות, 1 שלא נקרא' })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { FakeEventSource } from '@/test/fake-event-source';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

it('the activity bell is not there for visitors', async () => {
  window.localStorage.setItem('onboarded', 'true');
  FakeEventSource.install();
  await i18n.changeLanguage('en');
  fakeApi({});
  renderApp('/');
  expect(await screen.findByRole('link', { name: 'SIGN UP' }, { timeout: 8000 })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /^Activity/ })).not.toBeInTheDocument();
});

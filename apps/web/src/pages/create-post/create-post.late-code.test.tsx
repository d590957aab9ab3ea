import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());
vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));

// The form's check (zod, loaded when idle or at the first Publish) arrives only when the test lets it: a
// phone on a slow network, or a busy CI machine.
const checkCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('@/features/post-form/lib/validate-post-form', async (importOriginal) => {
  await checkCode.arrived;
  return importOriginal();
});

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  // What auth-js stores with a session: the app waits for the fake client's answer instead of starting
  // signed out.
  window.localStorage.setItem('sys-auth', '{}');
});

describe('Create Post, its check arriving late', () => {
  it('still scrolls to the first problem and focuses it, even when a frame comes before the errors are drawn', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    // A busy machine: the next animation frame comes before React has drawn what the check found.
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      queueMicrotask(() => callback(performance.now()));
      return 0;
    });
    const { user } = renderApp('/create-post');
    const publish = await screen.findByRole('button', { name: 'Publish Post' });
    await user.click(publish);
    const add = screen.getByRole('button', { name: /Add photos or videos/ });
    // The check's code is still on its way: no error yet, and the press is not lost when it comes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(add).not.toHaveAttribute('data-invalid');
    checkCode.arrive();

    await waitFor(() => expect(add).toHaveFocus());
    expect(scrolled).toEqual([add]);
    expect(add).toHaveAccessibleDescription('Please add at least one image or video');
  });
});

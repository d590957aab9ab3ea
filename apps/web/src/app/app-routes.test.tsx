import { LOCAL_STORAGE_KEYS } from '@sys/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

// Three screens stand in for real ones: one loads at once, one waits for the test, and one whose chunk is
// gone (a deploy replaced it: the dynamic import fails).
let releaseCreators: () => void = () => undefined;
const creatorsLoaded = new Promise<void>((resolve) => {
  releaseCreators = resolve;
});
vi.mock('@/pages/explore/trending-page', () => ({ default: () => <h1>Trending stand-in</h1> }));
vi.mock('@/pages/explore/creators-page', async () => {
  await creatorsLoaded;
  return { default: () => <h1>Creators stand-in</h1> };
});
// Shows what a screen learns of its route, as react-router's useRoutes would give it.
vi.mock('@/pages/explore/tag-page', async () => {
  const { useParams, useResolvedPath } = await import('react-router');
  return {
    default: function TagStandIn() {
      const { tag } = useParams();
      return (
        <>
          <h1>Tag stand-in: {tag}</h1>
          <p>resolved {useResolvedPath('.').pathname}</p>
          <p>relative {useResolvedPath('more').pathname}</p>
        </>
      );
    },
  };
});
vi.mock('@/pages/explore/brands-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/brands-page-old.js');
});

beforeEach(() => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.onboarded, 'true');
  fakeApi({});
});

describe('the routes (declarative router, lazily loaded screens)', () => {
  it('keeps the previous screen, never the loading screen, while the next screen loads', async () => {
    const { router } = renderApp('/explore/trending');
    expect(await screen.findByRole('heading', { name: 'Trending stand-in' })).toBeInTheDocument();

    await act(async () => router.navigate('/explore/creators'));
    expect(router.location.pathname).toBe('/explore/creators');
    // Still the screen the visitor is leaving: no blank page, no skeleton.
    expect(screen.getByRole('heading', { name: 'Trending stand-in' })).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();

    await act(async () => releaseCreators());
    expect(await screen.findByRole('heading', { name: 'Creators stand-in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trending stand-in' })).not.toBeInTheDocument();
  });

  it('hands a screen its params decoded and its path encoded, across a change of the search only', async () => {
    const { router } = renderApp('/tag/%D7%A9%D7%9E%D7%9C%D7%94%20%3F');
    expect(await screen.findByRole('heading', { name: 'Tag stand-in: שמלה ?' })).toBeInTheDocument();
    // The test's history escapes only `%`, `?` and `#` (the browser's encodes the whole path), as it
    // did under useRoutes.
    expect(screen.getByText('resolved /tag/שמלה %3F')).toBeInTheDocument();
    expect(screen.getByText('relative /tag/שמלה %3F/more')).toBeInTheDocument();

    await act(async () => router.navigate('/tag/%D7%A9%D7%9E%D7%9C%D7%94%20%3F?sort=new'));
    expect(screen.getByRole('heading', { name: 'Tag stand-in: שמלה ?' })).toBeInTheDocument();
    await act(async () => router.navigate('/tag/dress'));
    expect(await screen.findByRole('heading', { name: 'Tag stand-in: dress' })).toBeInTheDocument();
    expect(screen.getByText('relative /tag/dress/more')).toBeInTheDocument();
  });

  it("shows the error screen when a screen's chunk fails to load, and tries again on the next navigation", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/explore/trending');
    expect(await screen.findByRole('heading', { name: 'Trending stand-in' })).toBeInTheDocument();

    await act(async () => router.navigate('/explore/brands'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();

    await act(async () => router.navigate('/explore/trending'));
    expect(await screen.findByRole('heading', { name: 'Trending stand-in' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument());
    logged.mockRestore();
  });
});

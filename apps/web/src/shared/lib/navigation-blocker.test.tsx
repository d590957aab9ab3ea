import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { Link, MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '@/test/memory-router';
import { type PendingNavigation, useNavigationBlocker } from './navigation-blocker';

const seen: PendingNavigation[] = [];

/** Blocks leaving /form while "dirty" is on; shows the held navigation and the buttons to answer it. */
function Form() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(true);
  const blocker = useNavigationBlocker((navigation) => {
    seen.push(navigation);
    return dirty && navigation.currentLocation.pathname !== navigation.nextLocation.pathname;
  });
  return (
    <>
      <p>at {pathname}</p>
      <button type="button" onClick={() => setDirty(false)}>
        Save
      </button>
      <button type="button" onClick={() => navigate('/settings', { replace: true })}>
        Redirect
      </button>
      <Link to="/explore">Explore</Link>
      {blocker.state === 'blocked' ? (
        <div role="alertdialog" aria-label={`Leave for ${blocker.location.pathname}?`}>
          <button type="button" onClick={blocker.proceed}>
            Leave
          </button>
          <button type="button" onClick={blocker.reset}>
            Stay
          </button>
        </div>
      ) : null}
    </>
  );
}

function renderForm(entries = ['/form']) {
  const router = createTestRouter(entries);
  render(router.wrap(<Form />));
  return router;
}

const press = (name: string) =>
  act(() => (screen.queryByRole('button', { name }) ?? screen.getByRole('link', { name })).click());

describe('useNavigationBlocker', () => {
  it('holds a link or navigate() while it says so; Stay keeps the screen, Leave goes', async () => {
    const router = renderForm();
    act(() => router.navigate('/explore'));
    expect(screen.getByRole('alertdialog', { name: 'Leave for /explore?' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/form');
    expect(screen.getByText('at /form')).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({
      historyAction: 'PUSH',
      currentLocation: { pathname: '/form' },
      nextLocation: { pathname: '/explore' },
    });

    press('Stay');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.location.pathname).toBe('/form');

    act(() => router.navigate('/profile'));
    await press('Leave');
    expect(router.location.pathname).toBe('/profile');
    expect(await screen.findByText('at /profile')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("holds the browser's Back: the step is undone until Leave, which takes it", async () => {
    const router = renderForm(['/home', '/form']);
    act(() => router.navigate(-1));
    expect(screen.getByRole('alertdialog', { name: 'Leave for /home?' })).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ historyAction: 'POP', nextLocation: { pathname: '/home' } });
    // The step back was undone: the history is where the screen is.
    expect(router.location.pathname).toBe('/form');
    expect(screen.getByText('at /form')).toBeInTheDocument();

    await press('Leave');
    expect(router.location.pathname).toBe('/home');
    expect(await screen.findByText('at /home')).toBeInTheDocument();
    expect(router.action).toBe('POP');
  });

  it('holds a replace (a redirect) and a link too, and lets everything through once it says no', async () => {
    const router = renderForm();
    press('Redirect');
    expect(screen.getByRole('alertdialog', { name: 'Leave for /settings?' })).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ historyAction: 'REPLACE' });
    press('Stay');
    press('Explore');
    expect(screen.getByRole('alertdialog', { name: 'Leave for /explore?' })).toBeInTheDocument();
    press('Stay');
    expect(router.location.pathname).toBe('/form');

    press('Save');
    act(() => router.navigate('/explore'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('at /explore')).toBeInTheDocument();
  });

  it('never blocks outside the guarded router (a plain MemoryRouter)', async () => {
    render(
      <MemoryRouter initialEntries={['/form']}>
        <Form />
      </MemoryRouter>,
    );
    press('Explore');
    expect(await screen.findByText('at /explore')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('GuardedRouter updates', () => {
  const never = new Promise<never>(() => {});
  /** Suspends (a screen whose code never arrives) when the address says `slow`. */
  function Screen() {
    const { pathname, search } = useLocation();
    if (pathname.includes('slow') || search.includes('slow')) throw never;
    return <p>showing {pathname + search}</p>;
  }
  const renderScreen = () => {
    const router = createTestRouter(['/explore?q=a']);
    render(router.wrap(<Suspense fallback={<p>loading</p>}>{<Screen />}</Suspense>));
    return router;
  };

  it('keeps the screen on show while another screen is on its way (a transition)', () => {
    const router = renderScreen();
    act(() => router.navigate('/slow'));
    expect(screen.getByText('showing /explore?q=a')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('applies new search parameters of the same screen at once, as a search box types them', () => {
    const router = renderScreen();
    act(() => router.navigate('/explore?q=ab'));
    expect(screen.getByText('showing /explore?q=ab')).toBeInTheDocument();
    // Not a transition: a same-screen update that suspends shows the fallback instead of waiting.
    act(() => router.navigate('/explore?q=slow'));
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});

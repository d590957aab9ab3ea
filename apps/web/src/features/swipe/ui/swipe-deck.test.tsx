import type { Post } from '@sys/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { AppProviders, createQueryClient } from '@/app/providers';
import { testPost } from '@/test/posts';
import { readLocalSwipeEvents } from '../lib/swipe-storage';
import { SwipeDeck } from './swipe-deck';

function post(n: number): Post {
  const base = testPost(n, { caption: `Look ${n} #Casual #Summer` });
  return {
    ...base,
    items: [
      {
        id: base.id,
        item_type: 'Dress',
        brand: 'Zara',
        link: 'https://x.test',
        size: 'M',
        title: null,
        image_url: null,
        price: null,
        currency: 'ILS',
        color: 'Red',
        pattern: 'None',
        saved_by_me: false,
      },
    ],
  };
}

const posts = [post(1), post(2), post(3)];

function card() {
  return screen.getByTestId('swipe-card');
}
function drag(dx: number) {
  fireEvent.pointerDown(card(), {
    pointerId: 1,
    clientX: 200,
    clientY: 300,
    button: 0,
    pointerType: 'touch',
  });
  fireEvent.pointerMove(card(), { pointerId: 1, clientX: 200 + dx, clientY: 300, pointerType: 'touch' });
}
function release(dx: number) {
  fireEvent.pointerUp(card(), { pointerId: 1, clientX: 200 + dx, clientY: 300, pointerType: 'touch' });
}

describe('SwipeDeck', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows chips: hashtags, sizes, colours, ignoring None', () => {
    render(<SwipeDeck posts={posts} />);
    expect(screen.getByText('#Casual')).toBeInTheDocument();
    expect(screen.getByText('Size M')).toBeInTheDocument();
    expect(screen.getByText('Red')).toBeInTheDocument();
    expect(screen.queryByText('None')).not.toBeInTheDocument();
    expect(screen.getByText('Outfit 1 of 3, by maya1')).toBeInTheDocument();
  });

  it('isolates each hashtag chip, so in Hebrew it reads #Casual and not Casual#', async () => {
    await i18n.changeLanguage('he');
    render(<SwipeDeck posts={posts} />);
    const tag = screen.getByText('#Casual');
    expect(tag.tagName).toBe('BDI');
    expect(tag).toHaveTextContent(/^#Casual$/);
  });

  it('shows the overlay beyond 20 px and snaps back when released before 100 px', () => {
    const onSwipe = vi.fn();
    render(<SwipeDeck posts={posts} onSwipe={onSwipe} />);
    drag(15);
    expect(screen.queryByText('Like')).not.toBeInTheDocument();
    drag(60);
    expect(screen.getByText('Like')).toBeInTheDocument();
    release(99);
    act(() => void vi.advanceTimersByTime(1000));
    expect(onSwipe).not.toHaveBeenCalled();
    expect(readLocalSwipeEvents()).toHaveLength(0);
    expect(screen.getByText('Outfit 1 of 3, by maya1')).toBeInTheDocument();
  });

  it("keeps a mouse drag a swipe: the browser's own drag of the picture does not start", () => {
    render(<SwipeDeck posts={posts} />);
    // fireEvent returns false when the event's default action was prevented.
    expect(fireEvent.dragStart(card())).toBe(false);
  });

  it('records a like beyond 100 px right and a dislike beyond 100 px left, after the 300 ms slide', () => {
    const onSwipe = vi.fn();
    render(<SwipeDeck posts={posts} onSwipe={onSwipe} />);
    drag(-130);
    expect(screen.getByText('Pass')).toBeInTheDocument();
    release(-130);
    act(() => void vi.advanceTimersByTime(299));
    expect(onSwipe).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onSwipe).toHaveBeenLastCalledWith(posts[0], 'dislike', 1);
    drag(101);
    release(101);
    act(() => void vi.advanceTimersByTime(300));
    expect(onSwipe).toHaveBeenLastCalledWith(posts[1], 'like', 2);
    const events = readLocalSwipeEvents();
    expect(events.map((event) => [event.outfit_id, event.action])).toEqual([
      [posts[0]?.id, 'dislike'],
      [posts[1]?.id, 'like'],
    ]);
    expect(events[1]).toMatchObject({
      tags: ['Casual', 'Summer'],
      brand: 'maya2',
      category: 'Casual',
      colors: ['Red'],
    });
  });

  it('buttons toggle and advance after 500 ms; arrow keys do the same; the end is reported', () => {
    const onSwipe = vi.fn();
    const onEnd = vi.fn();
    render(<SwipeDeck posts={posts} onSwipe={onSwipe} onEnd={onEnd} />);
    const like = screen.getByRole('button', { name: 'Like this outfit' });
    fireEvent.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(like); // switched off again: nothing happens
    act(() => void vi.advanceTimersByTime(600));
    expect(onSwipe).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Pass on this outfit' }));
    act(() => void vi.advanceTimersByTime(499));
    expect(onSwipe).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onSwipe).toHaveBeenLastCalledWith(posts[0], 'dislike', 1);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    act(() => void vi.advanceTimersByTime(500));
    expect(onSwipe).toHaveBeenLastCalledWith(posts[1], 'like', 2);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    act(() => void vi.advanceTimersByTime(500));
    expect(onSwipe).toHaveBeenLastCalledWith(posts[2], 'dislike', 3);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('swipes with a pen as with a finger or a mouse', () => {
    const onSwipe = vi.fn();
    render(<SwipeDeck posts={posts} onSwipe={onSwipe} />);
    const pen = { pointerId: 7, clientY: 300, pointerType: 'pen', button: 0 };
    fireEvent.pointerDown(card(), { ...pen, clientX: 200 });
    fireEvent.pointerMove(card(), { ...pen, clientX: 340 });
    expect(screen.getByText('Like')).toBeInTheDocument();
    fireEvent.pointerUp(card(), { ...pen, clientX: 340 });
    act(() => void vi.advanceTimersByTime(300));
    expect(onSwipe).toHaveBeenLastCalledWith(posts[0], 'like', 1);
  });

  it('with reduced motion the card does not slide or tilt, and still advances', () => {
    // jsdom has no matchMedia: this one asks for reduced motion.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const onSwipe = vi.fn();
    render(<SwipeDeck posts={posts} onSwipe={onSwipe} />);
    drag(-150);
    // Follows the finger, but without tilting.
    expect(card().style.transform).toBe('translateX(-150px) rotate(0deg)');
    release(-150);
    // No 300 ms flight: the next outfit at once, the card not thrown off the screen.
    expect(card().className).not.toContain('transition-transform');
    act(() => void vi.advanceTimersByTime(0));
    expect(onSwipe).toHaveBeenLastCalledWith(posts[0], 'dislike', 1);
    expect(screen.getByText('Outfit 2 of 3, by maya2')).toBeInTheDocument();
    expect(card().style.transform).toBe('translateX(0px) rotate(0deg)');
    vi.unstubAllGlobals();
  });

  it('keeps only the newest 100 events locally', () => {
    const many = Array.from({ length: 105 }, (_, i) => ({
      ...post(1),
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    }));
    render(<SwipeDeck posts={many} />);
    for (let i = 0; i < 105; i++) {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
      act(() => void vi.advanceTimersByTime(500));
    }
    const events = readLocalSwipeEvents();
    expect(events).toHaveLength(100);
    expect(events[99]?.outfit_id).toBe(many[104]?.id);
  });
});

describe('SwipeDeck items sheet', () => {
  it('gives the focus back to the items button when the sheet closes (the button stays enabled)', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SwipeDeck posts={posts} />
      </AppProviders>,
    );
    const items = screen.getByRole('button', { name: 'Outfit items (1)' });
    items.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Outfit Items' })).toBeInTheDocument();
    expect(items).toBeEnabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(items).toHaveFocus());
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Direction } from 'radix-ui';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function ThreeTabs({ dir = 'ltr' }: { dir?: 'ltr' | 'rtl' }) {
  return (
    <Direction.Provider dir={dir}>
      <button type="button">before</button>
      <Tabs defaultValue="posts">
        <TabsList aria-label="Profile">
          <TabsTrigger value="posts">Posts</TabsTrigger>
          <TabsTrigger value="albums">Albums</TabsTrigger>
          <TabsTrigger value="likes">Likes</TabsTrigger>
        </TabsList>
        <TabsContent value="posts">posts panel</TabsContent>
        <TabsContent value="albums">
          <button type="button">in albums</button>
        </TabsContent>
        <TabsContent value="likes">likes panel</TabsContent>
      </Tabs>
    </Direction.Provider>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selectedTab = () => screen.getAllByRole('tab').find((element) => element.ariaSelected === 'true');

describe('Tabs', () => {
  it('is a tablist of tabs, each controlling its panel, only the selected panel shown', () => {
    render(<ThreeTabs />);
    expect(screen.getByRole('tablist', { name: 'Profile' })).toHaveAttribute(
      'aria-orientation',
      'horizontal',
    );
    expect(tab('Posts')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Albums')).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Posts');
    expect(panel).toHaveTextContent('posts panel');
    expect(tab('Posts')).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.queryByText('likes panel')).not.toBeInTheDocument();
  });

  it('selects a tab by click', async () => {
    const user = userEvent.setup();
    render(<ThreeTabs />);
    await user.click(tab('Albums'));
    expect(tab('Albums')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Albums')).toHaveAttribute('data-state', 'active');
    expect(tab('Posts')).toHaveAttribute('data-state', 'inactive');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Albums');
    expect(screen.queryByText('posts panel')).not.toBeInTheDocument();
  });

  it('is one tab stop: Tab enters on the selected tab and leaves for the panel', async () => {
    const user = userEvent.setup();
    render(<ThreeTabs />);
    await user.click(tab('Albums'));
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(tab('Albums')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'in albums' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(tab('Albums')).toHaveFocus();
  });

  it('moves and selects with the arrow keys, wrapping around, Home and End to the ends', async () => {
    const user = userEvent.setup();
    render(<ThreeTabs />);
    tab('Posts').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Albums')).toHaveFocus();
    expect(selectedTab()).toBe(tab('Albums'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selectedTab()).toBe(tab('Posts'));
    await user.keyboard('{ArrowLeft}');
    expect(tab('Likes')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('likes panel');
    await user.keyboard('{Home}');
    expect(selectedTab()).toBe(tab('Posts'));
    await user.keyboard('{End}');
    expect(selectedTab()).toBe(tab('Likes'));
  });

  it('follows the reading direction: in right-to-left, the left arrow goes to the next tab', async () => {
    const user = userEvent.setup();
    render(<ThreeTabs dir="rtl" />);
    tab('Posts').focus();
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toBe(tab('Albums'));
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toBe(tab('Posts'));
  });

  it('leaves the choice to the parent when it holds the value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('a');
      return (
        <Tabs
          value={value}
          onValueChange={(next) => {
            onValueChange(next);
            if (next !== 'locked') setValue(next);
          }}
        >
          <TabsList>
            <TabsTrigger value="a">A</TabsTrigger>
            <TabsTrigger value="locked">Locked</TabsTrigger>
          </TabsList>
          <TabsContent value="a">a panel</TabsContent>
          <TabsContent value="locked">locked panel</TabsContent>
        </Tabs>
      );
    }
    render(<Controlled />);
    await user.click(tab('Locked'));
    expect(onValueChange).toHaveBeenCalledWith('locked');
    expect(tab('A')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('a panel');
    // Selecting the selected tab again changes nothing.
    onValueChange.mockClear();
    await user.click(tab('A'));
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('selects nothing on a right click', async () => {
    const user = userEvent.setup();
    render(<ThreeTabs />);
    await user.pointer({ keys: '[MouseRight]', target: tab('Likes') });
    expect(selectedTab()).toBe(tab('Posts'));
  });
});

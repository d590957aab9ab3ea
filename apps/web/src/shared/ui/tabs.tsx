import { Direction } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  useContext,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from './cn';

/*
 * Tabs with the WAI-ARIA tabs pattern, the way Radix Tabs (which these replace) does them: a tablist of
 * tab buttons, one tab stop (the selected tab), arrow keys move between the tabs and select them
 * (left/right follow the reading direction, Home/End go to the ends, wrapping around), Enter/Space and
 * a click select, and only the selected panel is in the DOM, labelled by its tab. Written here because
 * Radix Tabs with its focus-group and collection helpers was ~9 kB gzip of the profile's first screen.
 */

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  /** The selected tab when the tabs keep their own state. */
  defaultValue?: string;
  /** The selected tab when the parent keeps it (with onValueChange). */
  value?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ defaultValue, value, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const dir = Direction.useDirection();
  const [own, setOwn] = useState(defaultValue ?? '');
  const selected = value ?? own;
  const select = (next: string) => {
    if (next === selected) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: selected, select }}>
      <div dir={dir} data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const NEXT_KEY = { ltr: 'ArrowRight', rtl: 'ArrowLeft' } as const;
const PREVIOUS_KEY = { ltr: 'ArrowLeft', rtl: 'ArrowRight' } as const;

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const list = useRef<HTMLDivElement>(null);
  const dir = Direction.useDirection();

  // Arrow keys, Home and End move the focus to another tab; focusing a tab selects it.
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const tabs = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? []),
    ];
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    let next: number;
    if (event.key === NEXT_KEY[dir]) next = (current + 1) % tabs.length;
    else if (event.key === PREVIOUS_KEY[dir]) next = (current - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    tabs[next]?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('flex border-b border-line', className)}
      onKeyDown={moveFocus}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({
  value,
  className,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: TabsTriggerProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    onMouseDown?.(event);
    if (event.defaultPrevented) return;
    if (event.button === 0 && !event.ctrlKey) tabs.select(value);
    // A right or ctrl click (the macOS right click) selects nothing and does not take the focus.
    else event.preventDefault();
  };

  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      tabIndex={selected ? 0 : -1}
      className={cn(
        'relative flex h-11 flex-1 items-center justify-center gap-2 text-sm font-semibold text-muted transition-colors',
        'hover:text-ink data-[state=active]:text-ink',
        'after:absolute after:inset-x-4 after:-bottom-px after:h-0.5 after:rounded-full after:bg-transparent',
        'data-[state=active]:after:bg-ink',
        className,
      )}
      onMouseDown={press}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented && (event.key === 'Enter' || event.key === ' ')) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends Omit<ComponentProps<'div'>, 'value'> {
  value: string;
}

/** The selected tab's panel; the others are not rendered. */
export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern's panel is a tab stop (WAI-ARIA APG), as in Radix Tabs.
      tabIndex={0}
      className={cn('pt-4', className)}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}

import type { MenuProps } from '@mantine/core';
import {
  cloneElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { focusedAtPartsArrival, requestFloatingParts, useFloatingParts } from './floating-parts-loader';

type MenuParts = typeof import('@mantine/core').Menu;

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onPointerDown?: () => void;
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: () => void;
}

interface DeferredMenuProps extends Omit<MenuProps, 'children' | 'opened' | 'onChange' | 'defaultOpened'> {
  /** The button that opens the menu (one element that takes a ref and event handlers). */
  target: ReactElement<TargetProps>;
  /** The menu's items, built from Mantine's Menu (which comes with the first opening). */
  children: (Menu: MenuParts) => ReactNode;
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Mantine's Menu whose code comes when the page is first touched (components/floating-parts-loader.ts):
 * until then its button stands alone, and a click or an opening key on it opens the menu as soon as
 * the code is there, with the keyboard on the menu's button. The header's and the rail's menus no
 * longer bring Popover and floating-ui to every page's first load (issue 15).
 */
export function DeferredMenu({ target, children, ...menuProps }: DeferredMenuProps) {
  const parts = useFloatingParts();
  // The button that was clicked before the code came (the element, kept: it is gone once replaced),
  // and the menu's button (another element: Mantine's target wraps it).
  const asked = useRef<Element | null>(null);
  const button = useRef<HTMLElement | null>(null);
  // A menu that opens on hover (the rail's) opens as its code comes under a pointer still there.
  const hovered = useRef(false);
  // A press on the stand-in not yet ended by a click: when the code comes between the two, the
  // stand-in is replaced under the pointer and the click lands beside the new button.
  const pressed = useRef(false);
  const opensOnHover = menuProps.trigger === 'hover' || menuProps.trigger === 'click-hover';
  const [opened, setOpened] = useState(false);
  const arrived = parts !== null;

  // Asked before the code came: the keyboard goes to the menu's button if it was on the button that
  // the click or the key was on, and the button is pressed as the person did, so that Mantine opens
  // the menu its own way (and gives the keyboard back to the button when it closes).
  useLayoutEffect(() => {
    if (arrived && asked.current && focusedAtPartsArrival() === asked.current) button.current?.focus();
  }, [arrived]);
  useEffect(() => {
    if (!arrived) return;
    if (asked.current) {
      asked.current = null;
      button.current?.click();
    } else if (pressed.current) {
      pressed.current = false;
      setOpened(true);
    } else if (hovered.current && opensOnHover) setOpened(true);
  }, [arrived, opensOnHover]);

  if (!parts) {
    const ask = (from: Element) => {
      asked.current = from;
      requestFloatingParts();
    };
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerDown: () => {
        pressed.current = true;
      },
      onClick: (event: MouseEvent<HTMLElement>) => {
        pressed.current = false;
        ask(event.currentTarget);
        target.props.onClick?.(event);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (OPENING_KEYS.has(event.key)) {
          event.preventDefault();
          ask(event.currentTarget);
        }
      },
      onPointerEnter: () => {
        hovered.current = true;
        requestFloatingParts();
      },
      onPointerLeave: () => {
        hovered.current = false;
      },
      onFocus: requestFloatingParts,
    } as TargetProps);
  }

  const Menu = parts.Menu;
  return (
    <Menu {...menuProps} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: button })}</Menu.Target>
      <Menu.Dropdown>{children(Menu)}</Menu.Dropdown>
    </Menu>
  );
}

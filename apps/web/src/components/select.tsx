import type { SelectProps } from '@mantine/core';
import { ComboboxChevron, InputBase } from '@mantine/core';
import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { focusedAtPartsArrival, requestFloatingParts, useFloatingParts } from './floating-parts-loader';

/**
 * Mantine's Select, loaded when the page is first touched, with its closed dropdown mounted only from
 * the first focus on.
 *
 * Until Mantine's Select has come (components/floating-parts-loader.ts), a stand-in shows the same
 * field: label, value, placeholder, chevron, error. A click, an arrow key or typed text on it is kept
 * and handed to the select as it arrives, with the keyboard; so the first tap on a select opens its
 * list, and the first letters typed find their option (issue 15: the select's code, with floating-ui
 * and the lists' scroll areas, is about 40 KiB gzip that New Assessment's first load no longer needs).
 *
 * Mantine keeps every closed dropdown mounted and hidden, so that the first ArrowDown can highlight
 * an option already in the page. A form of a dozen selects then rendered a dozen hidden lists of up to
 * 40 options, each in a ScrollArea, and positioned each with forced style reads as the page opened:
 * on New Assessment about a tenth of a slow phone's main thread work (issue 15, bench/README.md). Here the
 * list is mounted once the select has had focus (a click or a tap focuses it first, as does Tab), so
 * the keyboard works as Mantine's does: the first ArrowDown opens the list with an option highlighted.
 * MultiSelect, the same: components/multi-select.tsx (a file of its own, so that a page with a Select
 * does not load MultiSelect's code).
 */
export function useArmed<E>(onFocus: ((event: FocusEvent<E>) => void) | undefined) {
  // 'off' until the first focus, then two more renders before 'on'. Mantine's combobox keeps its
  // list's id in a ref, which the list sets in an effect as it mounts (and, with Mantine's own useId,
  // again one render later when the id turned random: the build now keeps React's,
  // lib/mantine-shims/use-id.ts); the combobox reads the ref for aria-controls and aria-expanded only
  // when it renders. Without the renders after the list's id settled, a list opened by a tap was
  // named by an id that no longer existed.
  const [armed, setArmed] = useState<'off' | 'mounting' | 'settling' | 'on'>('off');
  useEffect(() => {
    if (armed === 'mounting') setArmed('settling');
    else if (armed === 'settling') setArmed('on');
  }, [armed]);
  return {
    armed: armed !== 'off',
    /** The list is mounted and named: a key can move in it. */
    settled: armed === 'on',
    onFocus: (event: FocusEvent<E>) => {
      if (armed === 'off') setArmed('mounting');
      onFocus?.(event);
    },
  };
}

/** What was asked of a stand-in before the select came: its element, to open the list, typed text. */
interface Intent {
  input: HTMLInputElement | null;
  /** A click or a tap: the list opens. */
  open: boolean;
  /** An opening key (ArrowDown...): pressed again on the select, which opens on it as Mantine's does. */
  key: { key: string; code: string } | null;
  search: string | null;
}

const NO_INTENT: Intent = { input: null, open: false, key: null, search: null };

export function Select(props: SelectProps) {
  const parts = useFloatingParts();
  const intent = useRef<Intent>(NO_INTENT);
  if (!parts) return <StandIn {...props} intent={intent} />;
  return <ArrivedSelect {...props} Real={parts.Select} intent={intent} />;
}

function ArrivedSelect({
  Real,
  intent,
  ...props
}: SelectProps & { Real: typeof import('@mantine/core').Select; intent: RefObject<Intent> }) {
  const { armed, settled, onFocus } = useArmed(props.onFocus);
  const own = useRef<HTMLInputElement>(null);
  const handOver = useRef<Intent | null>(null);
  // The stand-in had the keyboard: the select takes it at once, then what was asked of the stand-in,
  // as if it had been there all along, once its list is mounted (the focus mounts it: useArmed) and
  // after Mantine's own effects, which set an empty search for a select without a value. Typed text
  // goes in as typing does, so the list opens on its first match as Mantine's does for typing; an
  // opening key is pressed again, so the list opens with an option marked.
  useLayoutEffect(() => {
    const wanted = intent.current;
    intent.current = NO_INTENT;
    if (!own.current || !wanted.input || focusedAtPartsArrival() !== wanted.input) return;
    own.current.focus();
    handOver.current = wanted;
  }, [intent]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list has settled
  useEffect(() => {
    const real = own.current;
    const wanted = handOver.current;
    if (!settled || !real || !wanted) return;
    handOver.current = null;
    // Two frames more: the mounted list is placed beside the select (floating-ui places it after a
    // frame). Opened before, its marked option was scrolled into view where the list first stood, at
    // the top of the page, and the select went off-screen.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (document.activeElement !== real) return;
        if (wanted.search) {
          // Letters typed into the select itself since it came (a fast typist) follow the stand-in's.
          const shown = optionLabel(props.data, props.value ?? props.defaultValue);
          const since = real.value === shown ? '' : real.value;
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(real, wanted.search + since);
          real.dispatchEvent(new Event('input', { bubbles: true }));
        } else if (wanted.key) {
          real.dispatchEvent(new KeyboardEvent('keydown', { ...wanted.key, bubbles: true, cancelable: true }));
        } else if (wanted.open) real.click();
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [settled]);
  const { ref, ...rest } = props;
  return (
    <Real
      {...rest}
      ref={(element: HTMLInputElement | null) => {
        own.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      onFocus={onFocus}
      comboboxProps={{ ...props.comboboxProps, keepMounted: armed }}
    />
  );
}

/** The label of the option that holds `value`, in any of the shapes Mantine's `data` takes. */
type Option = string | { value: string; label?: unknown };

export function optionLabel(
  data: ReadonlyArray<Option | { group: unknown; items: ReadonlyArray<Option> }> | undefined,
  value: string | null | undefined,
): string {
  if (value == null || !data) return '';
  for (const item of data) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('group' in item) {
      const found = optionLabel(item.items, value);
      if (found) return found;
    } else if (item.value === value) return typeof item.label === 'string' ? item.label : item.value;
  }
  return '';
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/** The select as it shows before its code has come (see Select). */
function StandIn({ intent, ...props }: SelectProps & { intent: RefObject<Intent> }) {
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? optionLabel(props.data, props.value ?? props.defaultValue);
  const ask = (change: Partial<Intent>, element: HTMLInputElement) => {
    intent.current = { ...intent.current, ...change, input: element };
    requestFloatingParts();
  };
  return (
    <InputBase
      ref={props.ref}
      id={props.id}
      label={props.label}
      description={props.description}
      error={props.error}
      required={props.required}
      withAsterisk={props.withAsterisk}
      disabled={props.disabled}
      placeholder={props.placeholder}
      leftSection={props.leftSection}
      size={props.size}
      variant={props.variant}
      w={props.w}
      mt={props.mt}
      style={props.style}
      className={props.className}
      dir={props.dir}
      lang={props.lang}
      autoComplete={props.autoComplete ?? 'off'}
      inputMode={props.inputMode}
      aria-label={props['aria-label']}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<ComboboxChevron size={props.size} error={props.error} />}
      rightSectionPointerEvents="none"
      pointer={!props.searchable}
      readOnly={props.readOnly || !props.searchable}
      value={shown}
      // A mouse that comes over the select asks for its code before the click.
      onPointerEnter={requestFloatingParts}
      onFocus={(event) => ask({}, event.currentTarget)}
      onClick={(event) => ask({ open: true }, event.currentTarget)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (OPENING_KEYS.has(event.key)) {
          event.preventDefault();
          ask({ key: { key: event.key, code: event.code } }, event.currentTarget);
        }
      }}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        ask({ search: event.currentTarget.value }, event.currentTarget);
      }}
      onBlur={(event) => {
        // Left before the select came (not replaced by it): nothing is asked any more.
        if (event.currentTarget.isConnected) intent.current = NO_INTENT;
      }}
    />
  );
}

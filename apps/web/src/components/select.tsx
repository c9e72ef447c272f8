import { Select as MantineSelect, type SelectProps } from '@mantine/core';
import { type FocusEvent, useEffect, useState } from 'react';

/**
 * Mantine's Select with its closed dropdown mounted only from the first focus on.
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
  // list's id in a ref, which the list sets in an effect as it mounts and again when its id turns
  // from React's to a random one (Mantine's useId, one render later); the combobox reads the ref for
  // aria-controls and aria-expanded only when it renders. Without the renders after the list's id
  // settled, a list opened by a tap was named by an id that no longer existed.
  const [armed, setArmed] = useState<'off' | 'mounting' | 'settling' | 'on'>('off');
  useEffect(() => {
    if (armed === 'mounting') setArmed('settling');
    else if (armed === 'settling') setArmed('on');
  }, [armed]);
  return {
    armed: armed !== 'off',
    onFocus: (event: FocusEvent<E>) => {
      if (armed === 'off') setArmed('mounting');
      onFocus?.(event);
    },
  };
}

export function Select(props: SelectProps) {
  const { armed, onFocus } = useArmed(props.onFocus);
  return <MantineSelect {...props} onFocus={onFocus} comboboxProps={{ ...props.comboboxProps, keepMounted: armed }} />;
}

import { MultiSelect as MantineMultiSelect, type MultiSelectProps } from '@mantine/core';
import { useArmed } from './select';

/** Mantine's MultiSelect with its closed dropdown mounted only from the first focus on (see select.tsx). */
export function MultiSelect(props: MultiSelectProps) {
  const { armed, onFocus } = useArmed(props.onFocus);
  return (
    <MantineMultiSelect {...props} onFocus={onFocus} comboboxProps={{ ...props.comboboxProps, keepMounted: armed }} />
  );
}

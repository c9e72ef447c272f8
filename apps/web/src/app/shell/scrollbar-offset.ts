/**
 * The class by which a dialog's scroll lock (react-remove-scroll, in Mantine's Modal) moves fixed
 * elements clear of the scrollbar it hides, as Mantine's AppShell did for its header, footer and
 * aside. Its value is react-remove-scroll-bar's `zeroRightClassName`, written out so that the shell
 * does not load that library before a dialog does.
 */
export const SCROLLBAR_OFFSET = 'right-scroll-bar-position';

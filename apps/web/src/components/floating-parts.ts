// The Mantine parts that open a floating layer (a select's list, a menu). They come in a chunk of
// their own, loaded by floating-parts-loader.ts when a page is first touched: with floating-ui,
// Popover, Combobox, ScrollArea and Transition they are about 40 KiB gzip that no page needs to show
// itself (issue 15: New Assessment's first load is held to 200 KiB).
export { Menu, Select } from '@mantine/core';

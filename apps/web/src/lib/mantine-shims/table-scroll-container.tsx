import type { ComponentPropsWithoutRef, CSSProperties } from 'react';

interface TableScrollContainerProps extends ComponentPropsWithoutRef<'div'> {
  minWidth: CSSProperties['minWidth'];
  maxHeight?: CSSProperties['maxHeight'];
  /** Only "native" is drawn: see below. */
  type?: 'native' | 'scrollarea';
  scrollAreaProps?: unknown;
}

/**
 * Mantine's `Table.ScrollContainer` as its "native" type draws it (a box that scrolls sideways round
 * a box of the table's narrowest width), for Mantine's Table in place of its own (build/mantine-shims.ts):
 * Mantine's imports ScrollArea for the "scrollarea" type, which the app does not use, and ScrollArea
 * brought its own and floating-ui's code to every page with a table (issue 15). The class names are
 * Mantine's static ones, for styles that look for them.
 */
export function TableScrollContainer({
  minWidth,
  maxHeight,
  type: _type,
  scrollAreaProps: _scrollAreaProps,
  className,
  style,
  children,
  ...others
}: TableScrollContainerProps) {
  return (
    <div
      {...others}
      className={['mantine-Table-scrollContainer', className].filter(Boolean).join(' ')}
      style={{ overflowX: 'auto', ...style }}
    >
      <div className="mantine-Table-scrollContainerInner" style={{ minWidth, maxHeight }}>
        {children}
      </div>
    </div>
  );
}

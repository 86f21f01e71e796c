import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';

/**
 * The real Tooltip (lazy-tooltip.tsx). `replay`: the hover or focus that arrived while its code was
 * loading, given back: a hover draws the tooltip open at once (MUI's controlled `open`, which its
 * own handlers go on driving through onOpen/onClose); a focus is given again to the child, which was
 * drawn anew, and MUI opens the tooltip where the focus is visible (a keyboard's).
 */
export function LoadedTooltip({
  children,
  replay,
  ...props
}: TooltipProps & { replay: 'hover' | 'focus' | null }) {
  const node = useRef<HTMLElement>(null);
  const first = useRef(replay);
  const [open, setOpen] = useState(replay === 'hover');
  useEffect(() => {
    if (first.current === 'focus') node.current?.focus();
  }, []);
  return (
    <Tooltip
      {...props}
      open={open}
      onOpen={(event) => {
        setOpen(true);
        props.onOpen?.(event);
      }}
      onClose={(event) => {
        setOpen(false);
        props.onClose?.(event);
      }}
    >
      {cloneElement(children as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref: node })}
    </Tooltip>
  );
}

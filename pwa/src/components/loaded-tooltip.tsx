import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useEffect, useRef, type ReactElement, type Ref } from 'react';

/**
 * The real Tooltip (lazy-tooltip.tsx). `replay`: the hover or focus that arrived while its code was
 * loading, given to the child again (it was drawn anew) so the tooltip opens.
 */
export function LoadedTooltip({
  children,
  replay,
  ...props
}: TooltipProps & { replay: 'hover' | 'focus' | null }) {
  const node = useRef<HTMLElement>(null);
  const first = useRef(replay);
  useEffect(() => {
    const element = node.current;
    if (!element) return;
    if (first.current === 'focus') element.focus();
    else if (first.current === 'hover') element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  }, []);
  return (
    <Tooltip {...props}>
      {cloneElement(children as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref: node })}
    </Tooltip>
  );
}

import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { useAfterFirstScreen } from './after-first-screen';

const LoadedTooltip = lazy(() => import('./loaded-tooltip').then((m) => ({ default: m.LoadedTooltip })));

type Intent = 'hover' | 'focus' | null;
type ChildProps = {
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * MUI's Tooltip without putting it (and Popper) in the first load: the child is drawn at once, the
 * tooltip's code is loaded once the page is up, or at the first hover or focus, which is then
 * replayed so the tooltip opens as it would have.
 */
export function LazyTooltip({ children, ...props }: TooltipProps) {
  const pageUp = useAfterFirstScreen();
  const [intent, setIntent] = useState<Intent>(null);
  const [requested, setRequested] = useState(false);
  const child = children as ReactElement<ChildProps>;
  const own = child.props;

  const remember = (next: Intent) => {
    setIntent(next);
    if (next) setRequested(true);
  };
  const placeholder = cloneElement(child, {
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      own.onMouseOver?.(event);
      remember('hover');
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      remember(null);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      remember('focus');
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      remember(null);
    },
  });

  if (!pageUp && !requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedTooltip {...props} replay={intent}>
        {child}
      </LoadedTooltip>
    </Suspense>
  );
}

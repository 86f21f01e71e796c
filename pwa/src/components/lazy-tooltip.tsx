import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  startTransition,
  useEffect,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { useAfterFirstScreen } from './after-first-screen';
import type { LoadedTooltip as LoadedTooltipType } from './loaded-tooltip';

type Loaded = typeof LoadedTooltipType;
let loaded: Loaded | null = null;
const loadTooltip = (): Promise<Loaded> => import('./loaded-tooltip').then((m) => (loaded = m.LoadedTooltip));

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
 * replayed so the tooltip opens as it would have. The child is swapped for the tooltip's once, when
 * the code has arrived (no fallback in between, so a hover or focus is lost at most at that swap).
 */
export function LazyTooltip({ children, ...props }: TooltipProps) {
  const pageUp = useAfterFirstScreen();
  const [intent, setIntent] = useState<Intent>(null);
  const [requested, setRequested] = useState(false);
  const [Tooltip, setTooltip] = useState<Loaded | null>(() => loaded);
  const child = children as ReactElement<ChildProps>;
  const own = child.props;

  useEffect(() => {
    if (Tooltip || (!pageUp && !requested)) return;
    let live = true;
    loadTooltip().then(
      (component) => {
        if (live) startTransition(() => setTooltip(() => component));
      },
      // Not loaded (offline before the worker kept it): the child stays, without its tooltip.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [Tooltip, pageUp, requested]);

  if (Tooltip) {
    return (
      <Tooltip {...props} replay={intent}>
        {child}
      </Tooltip>
    );
  }
  const remember = (next: Intent) => {
    setIntent(next);
    if (next) setRequested(true);
  };
  return cloneElement(child, {
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
}

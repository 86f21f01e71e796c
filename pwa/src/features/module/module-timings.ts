import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Timings of the module page (spec sections 4 and 9). "Mobile" is a coarse pointer (a finger), where a
 * double tap is slower and a touch needs a little longer to show its feedback.
 */
export const moduleTimings = {
  /** The quiz completion callback (the save) fires this long after the last correct check. */
  quizCompletionDelayMs: 100,
  nextNavigationDelayMs: { desktop: 100, mobile: 300 },
  nextClickGuardMs: { desktop: 500, mobile: 1000 },
} as const;

/** True on touch-first devices (`pointer: coarse`), which get the spec's mobile timings. */
export function useIsCoarsePointer(): boolean {
  return useMediaQuery('(pointer: coarse)', { noSsr: true });
}

import type { CourseTheme } from '@pd/domain';

/** The fixed palette of course gradients (spec section 9): blue, purple, indigo, teal, green, red, pink. */
const palette: Record<string, Record<number, string>> = {
  blue: { 400: '#60a5fa', 500: '#3b82f6', 600: '#2563eb', 700: '#1d4ed8', 800: '#1e40af' },
  purple: { 400: '#c084fc', 500: '#a855f7', 600: '#9333ea', 700: '#7e22ce', 800: '#6b21a8' },
  indigo: { 400: '#818cf8', 500: '#6366f1', 600: '#4f46e5', 700: '#4338ca', 800: '#3730a3' },
  teal: { 400: '#2dd4bf', 500: '#14b8a6', 600: '#0d9488', 700: '#0f766e', 800: '#115e59' },
  green: { 400: '#4ade80', 500: '#22c55e', 600: '#16a34a', 700: '#15803d', 800: '#166534' },
  red: { 400: '#f87171', 500: '#ef4444', 600: '#dc2626', 700: '#b91c1c', 800: '#991b1b' },
  pink: { 400: '#f472b6', 500: '#ec4899', 600: '#db2777', 700: '#be185d', 800: '#9d174d' },
};

/** Fallbacks: indigo for the start colour and a darker indigo for the end. */
export const fallbackGradient = { from: palette.indigo![500]!, to: palette.indigo![700]! } as const;

function stop(prefix: 'from' | 'to', gradient: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${prefix}-([a-z]+)-(\\d{3})(?:\\s|$)`).exec(gradient);
  return match ? palette[match[1]!]?.[Number(match[2])] : undefined;
}

/** The CSS colours of a gradient class string such as 'from-blue-500 to-indigo-600'. */
export function gradientColours(gradient: string | undefined): { from: string; to: string } {
  return {
    from: (gradient && stop('from', gradient)) || fallbackGradient.from,
    to: (gradient && stop('to', gradient)) || fallbackGradient.to,
  };
}

/**
 * A CSS background for a course's themed header. `scrim` darkens it so white text on it keeps
 * WCAG AA contrast whatever the palette shade.
 */
export function courseBackground(theme: Partial<CourseTheme> | undefined, scrim = 0): string {
  const { from, to } = gradientColours(theme?.gradient);
  const gradient = `linear-gradient(135deg, ${from} 0%, ${to} 100%)`;
  return scrim > 0
    ? `linear-gradient(rgba(15, 23, 42, ${scrim}), rgba(15, 23, 42, ${scrim})), ${gradient}`
    : gradient;
}

import { describe, expect, it } from 'vitest';
import { courseBackground, gradientColours } from './course-theme';

describe('gradientColours', () => {
  it('maps palette classes to CSS colours', () => {
    expect(gradientColours('from-blue-500 to-indigo-600')).toEqual({ from: '#3b82f6', to: '#4f46e5' });
    expect(gradientColours('from-teal-400 to-green-800')).toEqual({ from: '#2dd4bf', to: '#166534' });
  });

  it('falls back to indigo and a darker indigo', () => {
    expect(gradientColours('from-orange-500 to-nope')).toEqual({ from: '#6366f1', to: '#4338ca' });
    expect(gradientColours(undefined)).toEqual({ from: '#6366f1', to: '#4338ca' });
  });

  it('builds a CSS background, optionally darkened', () => {
    expect(courseBackground({ gradient: 'from-red-500 to-pink-600' })).toBe(
      'linear-gradient(135deg, #ef4444 0%, #db2777 100%)',
    );
    expect(courseBackground(undefined, 0.5)).toContain('rgba(15, 23, 42, 0.5)');
  });
});

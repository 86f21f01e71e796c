import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModuleNavigation, type ModuleNavigationProps } from './module-navigation';

/** The paths the router was sent to, in order (the first location is not a navigation). */
let navigations: string[] = [];
function NavigationLog() {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (key !== 'default') navigations.push(pathname);
  }, [key, pathname]);
  return null;
}

const base: ModuleNavigationProps = {
  courseSlug: 'ai-in-education',
  previousModule: { id: 1, title: 'What Is Generative AI?' },
  nextModuleId: 3,
  completed: true,
};

function renderNavigation(props: Partial<ModuleNavigationProps> = {}) {
  return render(
    <MemoryRouter>
      <ModuleNavigation {...base} {...props} />
      <NavigationLog />
    </MemoryRouter>,
  );
}

/** Makes `(pointer: coarse)` match, as on a phone. */
function pretendCoarsePointer() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('pointer: coarse'),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('ModuleNavigation', () => {
  beforeEach(() => {
    navigations = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('links to the previous module', () => {
    renderNavigation();
    expect(screen.getByRole('link', { name: 'Previous: What Is Generative AI?' })).toHaveAttribute(
      'href',
      '/ai-in-education/module/1',
    );
  });

  it("reads 'Complete Module to Continue' and is disabled until the module is completed", () => {
    renderNavigation({ completed: false });
    expect(screen.getByRole('button', { name: 'Complete Module to Continue' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Continue to Next Module' })).not.toBeInTheDocument();
  });

  it("'Continue to Next Module' shows 'Loading next module', navigates after 100 ms and ignores double clicks for 500 ms", () => {
    renderNavigation();
    const button = screen.getByRole('button', { name: 'Continue to Next Module' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button).toHaveTextContent('Loading next module');
    act(() => vi.advanceTimersByTime(99));
    expect(navigations).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(navigations).toHaveLength(1);
    expect(navigations).toEqual(['/ai-in-education/module/3']);

    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(399));
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(200));
    expect(navigations).toHaveLength(1);

    // The guard has cleared (500 ms after the first click): a new click is taken.
    expect(button).toHaveTextContent('Continue to Next Module');
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(100));
    expect(navigations).toHaveLength(2);
  });

  it('waits 300 ms and guards for 1000 ms on a touch device', () => {
    const restore = pretendCoarsePointer();
    try {
      renderNavigation();
      const button = screen.getByRole('button', { name: 'Continue to Next Module' });
      fireEvent.click(button);
      act(() => vi.advanceTimersByTime(299));
      expect(navigations).toEqual([]);
      act(() => vi.advanceTimersByTime(1));
      expect(navigations).toHaveLength(1);
      act(() => vi.advanceTimersByTime(600));
      fireEvent.click(button);
      act(() => vi.advanceTimersByTime(300));
      expect(navigations).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it("offers 'Course Complete!' back to the course on the completed last module", () => {
    renderNavigation({ nextModuleId: null });
    expect(screen.getByRole('link', { name: 'Course Complete!' })).toHaveAttribute(
      'href',
      '/ai-in-education',
    );
  });

  it('keeps the last module closed until it is completed', () => {
    renderNavigation({ nextModuleId: null, completed: false });
    expect(screen.queryByRole('link', { name: 'Course Complete!' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Module to Continue' })).toBeDisabled();
  });
});

import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useDrawnOnServer } from './use-drawn-on-server';

function Probe() {
  const drawn = useDrawnOnServer();
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((n) => n + 1)}>
      {drawn ? 'drawn on the server' : 'drawn in the browser'} {clicks}
    </button>
  );
}

describe('useDrawnOnServer', () => {
  it('is true on the server and in what hydrates it, for as long as it stays mounted', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    expect(container).toHaveTextContent('drawn on the server 0');
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    await act(async () => {
      screen.getByRole('button').click();
    });
    expect(container).toHaveTextContent('drawn on the server 1');
    container.remove();
  });

  it('is false for what the browser draws itself', () => {
    render(<Probe />);
    expect(screen.getByRole('button')).toHaveTextContent('drawn in the browser 0');
  });
});

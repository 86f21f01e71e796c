/**
 * Reads, once, a data block of a page drawn on the server (decision 017): `parse` checks it; the
 * block is then removed. Undefined when it is empty, or, with a warning, when it does not pass
 * `parse`.
 */
export function readDataBlock<T>(
  element: HTMLElement,
  page: string,
  parse: (json: unknown) => T,
): T | undefined {
  try {
    if (!element.textContent) return undefined;
    return parse(JSON.parse(element.textContent));
  } catch (error) {
    console.warn(`The ${page} data could not be read; loading it again`, error);
    return undefined;
  } finally {
    element.remove();
  }
}

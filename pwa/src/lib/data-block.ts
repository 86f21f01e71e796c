/**
 * Reads, once, the data block `id` of a page drawn on the server (decision 017): `parse`
 * checks it; the block is then removed. Undefined when there is none, or, with a warning, when it
 * does not pass `parse`.
 */
export function readDataBlock<T>(
  doc: Document,
  id: string,
  page: string,
  parse: (json: unknown) => T,
): T | undefined {
  const element = doc.getElementById(id);
  if (!element?.textContent) return undefined;
  try {
    return parse(JSON.parse(element.textContent));
  } catch (error) {
    console.warn(`The ${page} data could not be read; loading it again`, error);
    return undefined;
  } finally {
    element.remove();
  }
}

/** Adds to the page a data block as the api writes one into a page it drew (decision 017). */
export function addDataBlock(id: string, text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = text;
  document.body.append(script);
}

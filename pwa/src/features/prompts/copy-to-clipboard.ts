/**
 * Puts text on the clipboard. Uses the Clipboard API; where it is missing (a page served over plain
 * http on a school network) falls back to a hidden textarea and the copy command. Rejects when
 * neither works, so the caller can say so.
 */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  try {
    area.select();
    if (!document.execCommand('copy')) throw new Error('The copy command was refused');
  } finally {
    area.remove();
  }
}

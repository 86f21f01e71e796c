// Zod-free on purpose: the patterns of content.ts and of the first screen's zod/mini contracts.

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Course card gradient: `from-<colour>-<shade> to-<colour>-<shade>` from the palette of content/README.md. */
export const gradientColours = ['blue', 'purple', 'indigo', 'teal', 'green', 'red', 'pink'] as const;
export const gradientShades = [400, 500, 600, 700, 800] as const;
const gradientStop = `(?:${gradientColours.join('|')})-(?:${gradientShades.join('|')})`;
export const gradientPattern = new RegExp(`^from-${gradientStop} to-${gradientStop}$`);

export const hexColourPattern = /^#[0-9a-fA-F]{6}$/;

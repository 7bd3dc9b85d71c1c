/** Escapes a text for a double-quoted HTML attribute. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The embedded survey's height: enough for a question or two; the page scrolls inside the frame beyond that. */
export const EMBED_HEIGHT_PX = 640;

/**
 * The snippet a site owner pastes to embed a survey: an iframe as wide as its container (never wider) and of a
 * fixed height, without a border, titled with the survey's title for screen readers, loaded lazily.
 */
export function embedSnippet(url: string, title: string): string {
  return (
    `<iframe src="${attribute(url)}" title="${attribute(title)}" loading="lazy" ` +
    `style="width:100%;max-width:100%;height:${EMBED_HEIGHT_PX}px;border:0"></iframe>`
  );
}

/** A file name made of the survey's title: lower-case letters, digits and dashes, never empty. */
export function fileNameFor(title: string, extension: string): string {
  const base = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'survey'}-qr.${extension}`;
}

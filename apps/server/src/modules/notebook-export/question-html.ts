const FIGURE_MARKER = /<figura\b([^>]*)>\s*<\/figura>/g;

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
}

/**
 * The question's HTML with its figure markers (`<figura imagem="…">`) as images, each at
 * `source(url)` (the figure's address on the server, or what the caller makes of it); a marker
 * whose image is unknown becomes its description in brackets, as the page shows it.
 */
export function replaceFigures(
  html: string,
  imageUrls: ReadonlyMap<string, string>,
  source: (url: string, assetId: string) => string | undefined,
): string {
  return html.replace(FIGURE_MARKER, (_, attributes: string) => {
    const assetId = attribute(attributes, 'imagem') ?? '';
    const alt = attribute(attributes, 'alt') ?? '';
    const url = imageUrls.get(assetId);
    const src = url === undefined ? undefined : source(url, assetId);
    if (src === undefined) return alt ? `[${alt}]` : '';
    return `<img src="${src}" alt="${alt}">`;
  });
}

/** Figures as images at their absolute address on the server (for files read elsewhere). */
export function withImageUrls(
  html: string,
  imageUrls: ReadonlyMap<string, string>,
  appUrl: string,
): string {
  return replaceFigures(html, imageUrls, (url) => `${appUrl}${url}`);
}

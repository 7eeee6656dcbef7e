import { randomUUID } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';

const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'style',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feColorMatrix',
  'feDropShadow',
];

/** The raster types an SVG may embed in `<image href="data:…;base64,…">`. */
export const EMBEDDED_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

// Editors' bookkeeping (Inkscape, Sketch, Affinity) draws nothing: removed without a report, like
// comments and <metadata>.
const EDITOR_NAME = /^(sodipodi|inkscape|sketch|serif):/;
const EDITOR_NAMESPACE = /^xmlns:(sodipodi|inkscape|sketch|serif)$/;
const EDITOR_ELEMENT = /<((?:sodipodi|inkscape|sketch|serif):[\w.-]+)/g;
// Removed with everything inside them (the others keep their children, which are checked too).
const REMOVED_WITH_CONTENT = ['metadata', 'script', 'foreignObject', 'textarea', 'option'];

/** An embedded raster picture, taken out of the SVG to be checked and re-encoded. */
export interface SvgPicture {
  /** Its `<image>`'s place among the file's `<image>` elements, from 1, as messages count. */
  number: number;
  /** As declared in the data: URI: one of EMBEDDED_PICTURE_TYPES. */
  contentType: string;
  base64: string;
  /** Stands for the data: URI in the sanitized SVG until the picture is put back. */
  placeholder: string;
}

export interface SanitizedSvg {
  svg: string;
  /** What was removed that a student would miss, or that would load something: to be fixed. */
  problems: string[];
  pictures: SvgPicture[];
}

const shorten = (value: string) => {
  const compact = value.replace(/\s+/g, ' ').trim();
  return compact.length > 60 ? `${compact.slice(0, 59)}…` : compact;
};

/** Why a value would load or run something, if it would. */
function valueProblem(value: string): string | undefined {
  const compact = value.replace(/\s+/g, '').toLowerCase();
  if (/javascript:|vbscript:/.test(compact)) return 'contém um script';
  if (/expression\(/.test(compact)) return 'contém expression()';
  // url(...) only to a fragment of this document (gradients, markers, clip paths).
  if (/@import|url\((?!['"]?#)/.test(compact) || compact.startsWith('data:'))
    return 'carrega um recurso externo';
  return undefined;
}

const DATA_URI = /^data:([^;,]*)((?:;[^;,]*)*),/i;

/**
 * Drawing elements only: no scripts, event handlers, foreign content, links or resources from
 * elsewhere (references stay inside the file); raster pictures only embedded as data: URIs, taken
 * out to be checked (svg-pictures). Whatever is removed is reported, except what draws nothing:
 * comments, the XML prolog, <metadata> and editors' elements and attributes. Case is kept (viewBox).
 */
export function sanitizeSvg(source: string): SanitizedSvg {
  const found = new Map<string, number>();
  const report = (message: string) => found.set(message, (found.get(message) ?? 0) + 1);
  const pictures: SvgPicture[] = [];
  const nonce = randomUUID();
  let images = 0;
  // Per open element: whether it is removed with its content, so nothing inside is reported again.
  const removed: boolean[] = [];

  for (const match of source.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (valueProblem(match[1] ?? ''))
      report('o <style> do SVG carrega recursos externos (@import ou url(...))');
  }

  const href = (tag: string, value: string): string | undefined => {
    const target = value.trim();
    if (target.startsWith('#')) return value;
    if (tag !== 'image') {
      report(
        `o <${tag}> do SVG aponta para fora do arquivo (${shorten(target)}): só são aceitas referências internas, como href="#id"`,
      );
      return undefined;
    }
    const image = `a <image> nº ${images} do SVG`;
    const data = DATA_URI.exec(target);
    if (!data) {
      report(
        `${image} aponta para um endereço externo (${shorten(target)}): incorpore a imagem como data:image/png;base64`,
      );
      return undefined;
    }
    const contentType = data[1]!.toLowerCase();
    if (!EMBEDDED_PICTURE_TYPES.includes(contentType)) {
      report(
        `${image} contém data:${contentType || 'sem tipo'}, que não é aceito: incorpore PNG, JPEG, WebP ou GIF`,
      );
      return undefined;
    }
    if (!/;base64$/i.test(data[2]!)) {
      report(`${image} não está em base64: escreva data:${contentType};base64,…`);
      return undefined;
    }
    const placeholder = `#embedded-${nonce}-${pictures.length}`;
    pictures.push({
      number: images,
      contentType,
      base64: target.slice(data[0].length),
      placeholder,
    });
    return placeholder;
  };

  const attributes = (tag: string, attribs: Record<string, string>) => {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(attribs)) {
      const lower = name.toLowerCase();
      if (EDITOR_NAME.test(lower) || EDITOR_NAMESPACE.test(lower)) continue;
      if (lower.startsWith('on') || lower === 'xml:base') {
        report(`o SVG contém o atributo ${name} em <${tag}>, que não é permitido`);
        continue;
      }
      // Any prefix may name the xlink namespace: every *:href is a reference.
      if (lower === 'href' || lower.endsWith(':href')) {
        const target = href(tag, value);
        if (target !== undefined) kept[name] = target;
        continue;
      }
      const problem = valueProblem(value);
      if (problem) report(`o atributo ${name} de <${tag}> ${problem} (${shorten(value)})`);
      else kept[name] = value;
    }
    return kept;
  };

  const svg = sanitizeHtml(source, {
    allowedTags: SVG_TAGS,
    // <style> is kept for drawings made with classes; its text was checked above, and SVGs are
    // only ever drawn as images or served with a CSP that runs nothing and loads nothing from
    // elsewhere.
    allowVulnerableTags: true,
    allowedAttributes: false,
    allowedSchemes: [],
    disallowedTagsMode: 'discard',
    nonTextTags: [
      ...REMOVED_WITH_CONTENT,
      // Editors' elements go with their content too, as <metadata> does.
      ...new Set(Array.from(source.matchAll(EDITOR_ELEMENT), (match) => match[1]!)),
    ],
    parser: { xmlMode: true, recognizeSelfClosing: true },
    parseStyleAttributes: false,
    // Explicit end tags everywhere: valid XML whatever the element holds.
    selfClosing: [],
    onOpenTag: (name) => {
      if (name === 'image') images += 1;
      const inside = removed.at(-1) ?? false;
      const editor = EDITOR_NAME.test(name);
      if (!inside && !editor && !SVG_TAGS.includes(name) && name !== 'metadata')
        report(`o SVG contém <${name}>, que não é permitido`);
      removed.push(inside || editor || REMOVED_WITH_CONTENT.includes(name));
    },
    onCloseTag: () => {
      removed.pop();
    },
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: SVG_TAGS.includes(tagName) ? attributes(tagName, attribs) : {},
      }),
    },
  }).trim();

  const problems = [...found].map(([message, count]) =>
    count > 1 ? `${message} (${count} vezes)` : message,
  );
  return { svg, problems, pictures };
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`)
    .exec(tag)
    ?.slice(2, 4)
    .find(Boolean);
}

function pixels(value: string | undefined): number | undefined {
  const match = value && /^\s*([\d.]+)\s*(px)?\s*$/.exec(value);
  return match ? Number(match[1]) : undefined;
}

/**
 * The size an SVG declares (width/height, else its viewBox) and the smallest text in it, in CSS
 * pixels at that size. Undefined size: the file declares none.
 */
export function svgGeometry(svg: string): {
  width: number | undefined;
  height: number | undefined;
  smallestText: number | null;
} {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const viewBox = attribute(root, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxWidth = viewBox?.length === 4 ? viewBox[2] : undefined;
  const boxHeight = viewBox?.length === 4 ? viewBox[3] : undefined;
  let width = pixels(attribute(root, 'width'));
  let height = pixels(attribute(root, 'height'));
  if (width === undefined && height === undefined) {
    width = boxWidth;
    height = boxHeight;
  } else if (width === undefined && height && boxWidth && boxHeight) {
    width = (height * boxWidth) / boxHeight;
  } else if (height === undefined && width && boxWidth && boxHeight) {
    height = (width * boxHeight) / boxWidth;
  }
  // Text drawn in the viewBox's units is scaled to the declared width.
  const scale = width && boxWidth ? width / boxWidth : 1;
  const sizes = [
    ...svg.matchAll(/font-size\s*=\s*["']\s*([\d.]+)(?:px)?\s*["']/g),
    ...svg.matchAll(/font-size\s*:\s*([\d.]+)(?:px)?/g),
  ].map((match) => Number(match[1]));
  const declared = sizes.filter((size) => size > 0);
  // SVG text without a declared size is 16 px.
  const smallest = /<text\b/.test(svg)
    ? (declared.length > 0 ? Math.min(...declared) : 16) * scale
    : null;
  return {
    width: width === undefined ? undefined : Math.round(width),
    height: height === undefined ? undefined : Math.round(height),
    smallestText: smallest === null ? null : Math.round(smallest * 10) / 10,
  };
}

import { randomUUID } from 'node:crypto';
import { SaxesParser } from 'saxes';
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

const SVG_TAG_SET = new Set(SVG_TAGS);

/**
 * Above this, a plain SVG is still checked the long way: its sanitized copy (self-closing tags
 * written out in full) stays far under the 10 MB limit on images (images.ts).
 */
const PLAIN_MAX_CHARS = 1_000_000;
const COMMENT = /<!--[\s\S]*?-->/g;

/**
 * What `sanitizeSvg` then `svgGeometry` and `isWellFormedXml` of its result find in a plain SVG,
 * without writing the sanitized copy, for a check that writes nothing (sanitize-html was most of a
 * check's time, docs/performance.md, "Validation fast again"). Plain: well-formed XML as it comes,
 * with no entity, CDATA, DOCTYPE or processing instruction, only elements of the allowed list, and
 * no attribute that the sanitizer would report, remove or write otherwise (empty, quotes or `>` in
 * the value, editors' names, handlers, references out of the file, embedded pictures). Then the
 * sanitized copy is the same elements with the same attributes, without the comments and the XML
 * declaration: it is well-formed, reports nothing, and its geometry is the source's without the
 * comments (in well-formed XML without CDATA, `<!--` only opens a comment). Null when the file is
 * not plain: it is then checked the long way, which decides.
 */
export function plainSvgGeometry(source: string): ReturnType<typeof svgGeometry> | null {
  if (source.length > PLAIN_MAX_CHARS || source.includes('&') || source.includes('<![CDATA['))
    return null;
  for (const match of source.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
    if (valueProblem(match[1] ?? '')) return null;
  const parser = new SaxesParser();
  let plain = true;
  const notPlain = () => {
    plain = false;
  };
  parser.on('error', notPlain);
  parser.on('doctype', notPlain);
  parser.on('processinginstruction', notPlain);
  parser.on('opentag', (node) => {
    if (!plain) return;
    if (!SVG_TAG_SET.has(node.name)) return notPlain();
    for (const name in node.attributes) {
      if (!plainAttribute(name, node.attributes[name]!)) return notPlain();
    }
  });
  parser.write(source).close();
  return plain ? svgGeometry(source.replace(COMMENT, '')) : null;
}

/** Attributes whose value sanitize-html drops, silently, when it names a scheme (`x:`). */
const SCHEME_ATTRIBUTES = new Set(sanitizeHtml.defaults.allowedSchemesAppliedToAttributes);

/** How the sanitizer treats an attribute by its name alone (`attributes` in `sanitizeSvg`). */
type AttributeName = 'removed' | 'reference' | 'scheme' | 'value';
const attributeNames = new Map<string, AttributeName>();

function attributeName(name: string): AttributeName {
  let known = attributeNames.get(name);
  if (known === undefined) {
    const lower = name.toLowerCase();
    known =
      EDITOR_NAME.test(lower) ||
      EDITOR_NAMESPACE.test(lower) ||
      lower.startsWith('on') ||
      lower === 'xml:base'
        ? 'removed'
        : lower === 'href' || lower.endsWith(':href')
          ? 'reference'
          : SCHEME_ATTRIBUTES.has(name)
            ? 'scheme'
            : 'value';
    // Names are few (those of SVG); a file of made-up names still only fills this up to a limit.
    if (attributeNames.size < 1_000) attributeNames.set(name, known);
  }
  return known;
}

/** An attribute the sanitizer keeps as it is, reporting nothing. */
function plainAttribute(name: string, value: string): boolean {
  const kind = attributeName(name);
  if (kind === 'removed' || value === '') return false;
  if (kind === 'reference') return !/["'<>]/.test(value) && value.trim().startsWith('#');
  // Most values (numbers, colours, paths): no quote, and nothing a scheme, url(), @import or
  // expression() needs.
  if (!/["'<>:(@]/.test(value)) return true;
  if (/["'<>]/.test(value) || (kind === 'scheme' && value.includes(':'))) return false;
  return valueProblem(value) === undefined;
}

/**
 * Whether the text is well-formed XML, which a browser needs to draw an SVG file: a strict parser's
 * single pass, without building or drawing anything (librsvg's parse took ~4 ms and held memory per
 * file, docs/performance.md, "Validation fast again").
 */
export function isWellFormedXml(text: string): boolean {
  const parser = new SaxesParser();
  let wellFormed = true;
  parser.on('error', () => {
    wellFormed = false;
  });
  parser.write(text).close();
  return wellFormed;
}

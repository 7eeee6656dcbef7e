/**
 * Reads a file in the format of Anki's text importer back: its `#key:value` headers, then rows
 * split at tabs, with CSV quoting (a quoted field may hold tabs and doubled quotes).
 */
export function parseAnkiFile(text: string): { headers: Record<string, string>; rows: string[][] } {
  const lines = text.split('\n').filter((line) => line !== '');
  const headers: Record<string, string> = {};
  let index = 0;
  for (; index < lines.length && lines[index]!.startsWith('#'); index += 1) {
    const line = lines[index]!;
    const colon = line.indexOf(':');
    headers[line.slice(1, colon)] = line.slice(colon + 1);
  }
  return { headers, rows: lines.slice(index).map(splitRow) };
}

function splitRow(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === '\t') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

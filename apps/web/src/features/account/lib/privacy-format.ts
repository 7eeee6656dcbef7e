let sizeFormat: Intl.NumberFormat | undefined;
let versionFormat: Intl.DateTimeFormat | undefined;

/** A file size as people read it: '850 bytes', '12,4 kB', '1,2 MB' (powers of 1000). */
export function formatFileSize(bytes: number): string {
  sizeFormat ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${sizeFormat.format(bytes / 1000)} kB`;
  return `${sizeFormat.format(bytes / 1_000_000)} MB`;
}

/** A document version, the day it took effect ('2025-10-02'), as '2 de outubro de 2025'. */
export function formatVersionDate(version: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(version)) return version;
  const date = new Date(`${version}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return version;
  // The version is a calendar day, not an instant: read in UTC it stays that day.
  versionFormat ??= new Intl.DateTimeFormat('pt-BR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return versionFormat.format(date);
}

import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { writeZip } from './zip-writer';

/** Reads an archive back through its central directory, inflating each entry and checking its CRC. */
function readZip(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: {
    name: string;
    content: Buffer;
    flags: number;
    dosTime: number;
    dosDate: number;
  }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');

    expect(zip.readUInt32LE(localAt)).toBe(0x04034b50);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    const content = method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data);
    expect(content.length).toBe(size);
    expect(zlib.crc32(content)).toBe(crc);
    entries.push({
      name,
      content,
      flags,
      dosTime: zip.readUInt16LE(at + 12),
      dosDate: zip.readUInt16LE(at + 14),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry names and contents as a second, independent reader (yauzl) sees them. */
function readWithYauzl(zip: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true }, (error, file) => {
      if (error) return reject(error);
      const found: Record<string, string> = {};
      file.on('error', reject);
      file.on('end', () => resolve(found));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            found[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

describe('writeZip', () => {
  const files = [
    { name: 'perfil.json', content: Buffer.from('{\n  "nome": "João Ação"\n}\n', 'utf8') },
    { name: 'vazio.txt', content: Buffer.alloc(0) },
    { name: 'respostas.csv', content: Buffer.from('a;b\r\n'.repeat(5000), 'utf8') },
    { name: 'foto.webp', content: Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 0xff, 0x10]) },
  ];

  it('writes every file back byte for byte, with UTF-8 names, compressed', async () => {
    const zip = await writeZip(files, new Date('2026-11-26T15:04:06Z'));
    const entries = readZip(zip);
    expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
    entries.forEach((entry, index) => {
      expect(entry.content.equals(files[index]!.content)).toBe(true);
      expect(entry.flags & 0x0800).toBe(0x0800);
    });
    // The repeated CSV compresses: the archive is far smaller than what it holds.
    expect(zip.length).toBeLessThan(files[2]!.content.length / 10);
  });

  it('is read by another unzip implementation', async () => {
    const zip = await writeZip(files, new Date('2026-11-26T15:04:06Z'));
    const found = await readWithYauzl(zip);
    expect(Object.keys(found)).toEqual(files.map((file) => file.name));
    expect(found['perfil.json']).toBe('{\n  "nome": "João Ação"\n}\n');
    expect(found['vazio.txt']).toBe('');
  });

  it('stamps the wall-clock time it is given', async () => {
    const zip = await writeZip([files[0]!], new Date('2026-11-26T15:04:06Z'), () => ({
      year: 2026,
      month: 11,
      day: 26,
      hour: 12,
      minute: 4,
      second: 6,
    }));
    const [entry] = readZip(zip);
    expect(entry!.dosDate).toBe(((2026 - 1980) << 9) | (11 << 5) | 26);
    expect(entry!.dosTime).toBe((12 << 11) | (4 << 5) | 3);
  });

  it('writes an empty archive', async () => {
    const zip = await writeZip([], new Date());
    expect(zip.length).toBe(22);
    expect(readZip(zip)).toEqual([]);
  });
});

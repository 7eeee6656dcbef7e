import { promisify } from 'node:util';
import zlib from 'node:zlib';

export interface ZipFile {
  /** The path inside the archive, '/'-separated, UTF-8. */
  name: string;
  content: Buffer;
}

const deflateRaw = promisify(zlib.deflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const VERSION = 20;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
/** The "extended timestamp" extra field: the modification time in Unix seconds, free of time zones. */
const EXTENDED_TIMESTAMP = 0x5455;
/** Without the ZIP64 records, sizes, offsets and counts must fit these. */
const MAX_32 = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;

/**
 * A .zip of the given files (ZIP 2.0: deflated, UTF-8 names), as any unzip tool or operating system
 * opens it. The DOS date and time in the headers are the wall-clock time `wallClock` gives for
 * `modifiedAt` (archivers show those as they are); the extended timestamp carries the instant.
 * Compression runs on libuv's thread pool, off the event loop.
 */
export async function writeZip(
  files: ZipFile[],
  modifiedAt: Date,
  wallClock: (instant: Date) => WallClock = utcWallClock,
): Promise<Buffer> {
  if (files.length > MAX_ENTRIES) throw new Error(`zip: mais de ${MAX_ENTRIES} arquivos`);
  const { dosTime, dosDate } = dosDateTime(wallClock(modifiedAt));
  const extra = Buffer.alloc(9);
  extra.writeUInt16LE(EXTENDED_TIMESTAMP, 0);
  extra.writeUInt16LE(5, 2);
  extra.writeUInt8(1, 4); // flags: modification time present
  extra.writeUInt32LE(Math.floor(modifiedAt.getTime() / 1000) >>> 0, 5);

  const compressed = await Promise.all(files.map((file) => deflateRaw(file.content)));
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  files.forEach((file, index) => {
    const name = Buffer.from(file.name, 'utf8');
    const data = compressed[index]!;
    if (file.content.length > MAX_32 || data.length > MAX_32) {
      throw new Error(`zip: ${file.name} é grande demais`);
    }
    const crc = zlib.crc32(file.content);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(file.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(file.content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);

    parts.push(local, name, extra, data);
    directory.push(central, name, extra);
    offset += local.length + name.length + extra.length + data.length;
    if (offset > MAX_32) throw new Error('zip: arquivo grande demais');
  });

  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function utcWallClock(instant: Date): WallClock {
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
    hour: instant.getUTCHours(),
    minute: instant.getUTCMinutes(),
    second: instant.getUTCSeconds(),
  };
}

/** MS-DOS dates count years from 1980 and seconds in twos. */
function dosDateTime(clock: WallClock) {
  const year = Math.min(Math.max(clock.year, 1980), 2107);
  return {
    dosTime: (clock.hour << 11) | (clock.minute << 5) | (clock.second >> 1),
    dosDate: ((year - 1980) << 9) | (clock.month << 5) | clock.day,
  };
}

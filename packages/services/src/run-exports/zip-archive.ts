import { crc32, deflateRawSync } from "node:zlib";

/** One file of an archive: its path inside it and its bytes. */
export interface ArchiveFile {
  name: string;
  data: Buffer;
}

/**
 * A ZIP archive (PKWARE APPNOTE 6.3: local headers, central directory, end record; deflate, no
 * ZIP64) of a few files, written in memory: a run's bundle is small (its cap is the sum of its
 * parts' caps), and every system opens ZIP. Files already compressed (PNG, JPEG) are stored as they are.
 */
export function zipArchive(files: ArchiveFile[], at = new Date()): Buffer {
  const { time, date } = dosTime(at);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, "utf8");
    const stored = /\.(png|jpe?g|gz)$/i.test(file.name);
    const body = stored ? file.data : deflateRawSync(file.data);
    const crc = crc32(file.data);
    const common = { method: stored ? 0 : 8, time, date, crc, compressed: body.length, size: file.data.length, nameLength: name.length };
    const local = header(0x04034b50, common);
    locals.push(local, name, body);
    central.push(centralHeader(common, offset), name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

interface EntryFields {
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  nameLength: number;
}

/** The local file header (30 bytes before the name). */
function header(signature: number, e: EntryFields): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(signature, 0);
  writeEntryFields(b, e, 4);
  return b;
}

/** The central directory's header of an entry (46 bytes before the name), pointing at its local header. */
function centralHeader(e: EntryFields, offset: number): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4); // version made by
  writeEntryFields(b, e, 6);
  b.writeUInt32LE(offset, 42);
  return b;
}

/**
 * The 26 bytes both headers share, in the same order, from `at`: version needed, flags (bit 11:
 * the name is UTF-8), method, time, date, CRC-32, sizes and the name's length.
 */
function writeEntryFields(b: Buffer, e: EntryFields, at: number): void {
  b.writeUInt16LE(20, at);
  b.writeUInt16LE(0x0800, at + 2);
  b.writeUInt16LE(e.method, at + 4);
  b.writeUInt16LE(e.time, at + 6);
  b.writeUInt16LE(e.date, at + 8);
  b.writeUInt32LE(e.crc, at + 10);
  b.writeUInt32LE(e.compressed, at + 14);
  b.writeUInt32LE(e.size, at + 18);
  b.writeUInt16LE(e.nameLength, at + 22);
}

/** MS-DOS time and date, as ZIP keeps them (2-second steps, from 1980). */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

// A zip writer for stored (uncompressed) entries, enough for MediaPipe `.task` bundles: tasks
// read the models straight out of the archive bytes, so entries must not be deflated. No zip64,
// no directories; fixed timestamps keep the output byte-identical between builds.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes) {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// 1980-01-01 00:00, the earliest DOS date.
const DOS_TIME = 0;
const DOS_DATE = (1 << 5) | 1;
// Each entry's data starts at a multiple of this in the file (TFLite wants its flatbuffer at
// least 4-aligned, and Buffer.data asks for 16), padded with an Android zipalign extra field
// (id 0xD935: 2-byte alignment, then zeros), which zip readers skip.
const ALIGN = 64;
const ALIGN_EXTRA_ID = 0xd935;

/** `entries`: [{ name, data: Uint8Array }] → the archive's bytes. */
export function storedZip(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = new TextEncoder().encode(name);
    const crc = crc32(data);
    const headerEnd = offset + 30 + nameBytes.length;
    // At least the 6-byte extra field header + alignment value.
    const extraLength = 6 + ((ALIGN - ((headerEnd + 6) % ALIGN)) % ALIGN);
    const local = new DataView(new ArrayBuffer(30 + nameBytes.length + extraLength));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 10, true); // version needed: 1.0 (stored)
    local.setUint16(6, 0x0800, true); // flags: UTF-8 names
    local.setUint16(8, 0, true); // method: stored
    local.setUint16(10, DOS_TIME, true);
    local.setUint16(12, DOS_DATE, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, nameBytes.length, true);
    local.setUint16(28, extraLength, true);
    new Uint8Array(local.buffer).set(nameBytes, 30);
    local.setUint16(30 + nameBytes.length, ALIGN_EXTRA_ID, true);
    local.setUint16(32 + nameBytes.length, extraLength - 4, true);
    local.setUint16(34 + nameBytes.length, ALIGN, true);
    parts.push(new Uint8Array(local.buffer), data);

    const entry = new DataView(new ArrayBuffer(46 + nameBytes.length));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true); // made by: 2.0, MS-DOS attributes
    entry.setUint16(6, 10, true);
    entry.setUint16(8, 0x0800, true);
    entry.setUint16(10, 0, true);
    entry.setUint16(12, DOS_TIME, true);
    entry.setUint16(14, DOS_DATE, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, data.length, true);
    entry.setUint32(24, data.length, true);
    entry.setUint16(28, nameBytes.length, true);
    // extra, comment, disk number, internal and external attributes: 0
    entry.setUint32(42, offset, true);
    new Uint8Array(entry.buffer).set(nameBytes, 46);
    central.push(new Uint8Array(entry.buffer));
    offset += local.byteLength + data.length;
  }
  const centralSize = central.reduce((sum, c) => sum + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  parts.push(...central, new Uint8Array(end.buffer));

  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

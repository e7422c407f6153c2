// Minimal flatbuffer reading for TFLite models (schema.fbs), plus a builder set up to write new
// tables in front of an untouched original model. Flatbuffer offsets only point forward, so new
// objects placed before the original bytes may point into them, and every old table stays valid
// as it is: editing a model means writing only the tables that change and a new root.
import { Builder, ByteBuffer } from 'flatbuffers';

// Field slots of the TFLite schema tables these scripts touch (schema.fbs; a union takes two
// slots: its type, then its value).
export const MODEL = { version: 0, operatorCodes: 1, subgraphs: 2, description: 3, buffers: 4, metadataBuffer: 5, metadata: 6, signatureDefs: 7 };
export const SUBGRAPH = { tensors: 0, inputs: 1, outputs: 2, operators: 3, name: 4 };
export const TENSOR = { shape: 0, type: 1, buffer: 2, name: 3, quantization: 4 };
export const OPERATOR = { opcodeIndex: 0, inputs: 1, outputs: 2, builtinOptionsType: 3, builtinOptions: 4 };
export const OPERATOR_CODE = { deprecatedBuiltinCode: 0, customCode: 1, version: 2, builtinCode: 3 };
export const BUFFER = { data: 0, offset: 1, size: 2 };

export function readModel(bytes) {
  const ident = String.fromCharCode(...bytes.subarray(4, 8));
  if (ident !== 'TFL3') throw new Error(`not a TFLite model (identifier ${JSON.stringify(ident)})`);
  const bb = new ByteBuffer(new Uint8Array(bytes));
  return { bb, root: bb.readUint32(0) };
}

/** Absolute position of a field's value, or 0 when the field is absent. */
export function fieldPos(bb, table, slot) {
  const vtable = table - bb.readInt32(table);
  const vtableSize = bb.readUint16(vtable);
  const at = 4 + 2 * slot;
  if (at >= vtableSize) return 0;
  const fo = bb.readUint16(vtable + at);
  return fo ? table + fo : 0;
}

/** Number of field slots the table's vtable declares (its schema version's field count). */
export function fieldCount(bb, table) {
  const vtable = table - bb.readInt32(table);
  return (bb.readUint16(vtable) - 4) / 2;
}

/** Absolute position of the object an offset field points at, or 0 when absent. */
export function deref(bb, table, slot) {
  const pos = fieldPos(bb, table, slot);
  return pos ? pos + bb.readUint32(pos) : 0;
}

/** Absolute positions of the tables of a vector-of-tables field. */
export function tableVector(bb, table, slot) {
  const vec = deref(bb, table, slot);
  if (!vec) return [];
  const n = bb.readUint32(vec);
  return Array.from({ length: n }, (_, i) => {
    const elem = vec + 4 + 4 * i;
    return elem + bb.readUint32(elem);
  });
}

/** Values of an [int] field. */
export function intVector(bb, table, slot) {
  const vec = deref(bb, table, slot);
  if (!vec) return [];
  return Array.from({ length: bb.readUint32(vec) }, (_, i) => bb.readInt32(vec + 4 + 4 * i));
}

export function readString(bb, table, slot) {
  const pos = fieldPos(bb, table, slot);
  return pos ? bb.__string(pos) : null;
}

export function readScalar(bb, table, slot, kind, fallback) {
  const pos = fieldPos(bb, table, slot);
  if (!pos) return fallback;
  if (kind === 'int8') return bb.readInt8(pos);
  if (kind === 'uint8') return bb.readUint8(pos);
  if (kind === 'uint32') return bb.readUint32(pos);
  return bb.readInt32(pos);
}

/**
 * A Builder whose buffer already ends with `original`, its first byte 16-aligned in the final
 * file (the builder keeps the total size a multiple of minalign, and prep pads behind it) so
 * every alignment inside it (Buffer.data is force_align 16) is preserved. `at(pos)` turns a
 * position in the original into a builder offset (builder offsets count from the end).
 */
export function builderBefore(original, extraBytes = 0) {
  const L = original.length;
  const b = new Builder(L + extraBytes + 4096);
  b.prep(16, L);
  b.space -= L;
  b.bb.bytes().set(original, b.space);
  const base = b.offset();
  return { b, at: (pos) => base - pos };
}

export function offsetVector(b, offsets) {
  b.startVector(4, offsets.length, 4);
  for (let i = offsets.length - 1; i >= 0; i--) b.addOffset(offsets[i]);
  return b.endVector();
}

export function int32Vector(b, values) {
  b.startVector(4, values.length, 4);
  for (let i = values.length - 1; i >= 0; i--) b.addInt32(values[i]);
  return b.endVector();
}

/** Buffer { data:[ubyte] (force_align: 16) } holding `bytes`. */
export function dataBuffer(b, bytes) {
  b.startVector(1, bytes.length, 16);
  b.space -= bytes.length;
  b.bb.bytes().set(bytes, b.space);
  const data = b.endVector();
  b.startObject(3);
  b.addFieldOffset(BUFFER.data, data, 0);
  return b.endObject();
}

/**
 * Writes a new root Model that copies the old root's fields (as offsets into the original) except
 * those given in `replace` (slot -> new builder offset), and finishes the file.
 */
export function finishModel(b, at, bb, oldRoot, replace) {
  // Model: version, operator_codes, subgraphs, description, buffers, metadata_buffer, metadata,
  // signature_defs. More fields would mean a newer schema that these scripts do not know.
  if (fieldCount(bb, oldRoot) > 8) throw new Error('unexpected TFLite schema: Model has more than 8 fields');
  const versionPos = fieldPos(bb, oldRoot, MODEL.version);
  b.startObject(8);
  if (versionPos) b.addFieldInt32(MODEL.version, bb.readUint32(versionPos), 0);
  for (const slot of [1, 2, 3, 4, 5, 6, 7]) {
    if (slot in replace) {
      b.addFieldOffset(slot, replace[slot], 0);
      continue;
    }
    const target = deref(bb, oldRoot, slot);
    if (target) b.addFieldOffset(slot, at(target), 0);
  }
  b.finish(b.endObject(), 'TFL3');
  return b.asUint8Array();
}

/** Buffer.offset is absolute from the file start: writing bytes in front would break it. */
export function assertNoExternalBuffers(bb, root) {
  for (const buffer of tableVector(bb, root, MODEL.buffers)) {
    if (fieldPos(bb, buffer, BUFFER.offset)) throw new Error('model uses external buffers (Buffer.offset); unsupported');
  }
}

// Widens a model output by appending copies of its first values, as new graph ops:
//   out' = CONCATENATION(out, SLICE(out, begin 0, size extra)) on the last axis.
// Why: tasks-vision's FaceLandmarker always decodes 478 landmarks (1434 values) while the
// npm-shipped face_landmark.tflite yields 468 (1404). Zero padding would put 10 points in the
// frame corner and break VIDEO-mode tracking (the next ROI comes from all points); copies of
// real points keep the ROI right. GATHER would do the same but fails on the GPU delegate.
import {
  MODEL, OPERATOR, OPERATOR_CODE, SUBGRAPH, TENSOR,
  assertNoExternalBuffers, builderBefore, dataBuffer, deref, fieldCount, finishModel, int32Vector, intVector,
  offsetVector, readModel, readScalar, readString, tableVector,
} from './tflite-flatbuffers.mjs';

// schema.fbs enums.
const BUILTIN_CONCATENATION = 2;
const BUILTIN_SLICE = 65;
const OPTIONS_CONCATENATION = 10;
const OPTIONS_SLICE = 48;
const TYPE_FLOAT32 = 0;
const TYPE_INT32 = 2;

function int32Bytes(values) {
  return new Uint8Array(Int32Array.from(values).buffer);
}

/** Index of an operator code for `builtin`, appending it to `codes` when the model lacks it. */
function opcodeIndex(bb, oldCodes, added, builtin) {
  const found = oldCodes.findIndex((code) => {
    const deprecated = readScalar(bb, code, OPERATOR_CODE.deprecatedBuiltinCode, 'int8', 0);
    const current = readScalar(bb, code, OPERATOR_CODE.builtinCode, 'int32', 0);
    // Readers take the larger of the two (deprecated_builtin_code tops out at 127).
    return Math.max(deprecated, current) === builtin && !readString(bb, code, OPERATOR_CODE.customCode);
  });
  if (found >= 0) return found;
  added.push(builtin);
  return oldCodes.length + added.length - 1;
}

/**
 * Output `outputIndex` of subgraph 0 must be float32 with shape [..., n]; the result has shape
 * [..., n + extra] where the last `extra` values repeat its first ones. Input/outputs order and
 * every other tensor stay as they were.
 */
export function extendOutput(original, { outputIndex = 0, extra, name }) {
  const { bb, root } = readModel(original);
  assertNoExternalBuffers(bb, root);
  const subgraphs = tableVector(bb, root, MODEL.subgraphs);
  const graph = subgraphs[0];
  // SubGraph: tensors, inputs, outputs, operators, name (debug_metadata_index is newer).
  if (fieldCount(bb, graph) > 5) throw new Error('unexpected TFLite schema: SubGraph has more than 5 fields');
  const tensors = tableVector(bb, graph, SUBGRAPH.tensors);
  const outputs = intVector(bb, graph, SUBGRAPH.outputs);
  const source = outputs[outputIndex];
  if (source === undefined) throw new Error(`model has no output ${outputIndex}`);
  const shape = intVector(bb, tensors[source], TENSOR.shape);
  const n = shape.at(-1);
  if (readScalar(bb, tensors[source], TENSOR.type, 'int8', 0) !== TYPE_FLOAT32) throw new Error('output is not float32');
  if (!(extra > 0 && extra <= n)) throw new Error(`cannot copy ${extra} of ${n} values`);
  const axis = shape.length - 1;
  const graphInputs = deref(bb, graph, SUBGRAPH.inputs);
  if (!graphInputs) throw new Error('subgraph has no inputs');

  const oldCodes = tableVector(bb, root, MODEL.operatorCodes);
  const addedCodes = [];
  const sliceCode = opcodeIndex(bb, oldCodes, addedCodes, BUILTIN_SLICE);
  const concatCode = opcodeIndex(bb, oldCodes, addedCodes, BUILTIN_CONCATENATION);

  const { b, at } = builderBefore(original);
  // Constant SLICE operands live in two new buffers.
  const oldBuffers = tableVector(bb, root, MODEL.buffers);
  const beginBuffer = oldBuffers.length;
  const sizeBuffer = oldBuffers.length + 1;
  const buffersVec = offsetVector(b, [
    ...oldBuffers.map(at),
    dataBuffer(b, int32Bytes(shape.map(() => 0))),
    dataBuffer(b, int32Bytes(shape.map((d, i) => (i === axis ? extra : d)))),
  ]);

  const tensor = (tensorShape, type, buffer, tensorName) => {
    const shapeVec = int32Vector(b, tensorShape);
    const nameStr = b.createString(tensorName);
    b.startObject(4);
    b.addFieldOffset(TENSOR.shape, shapeVec, 0);
    b.addFieldInt8(TENSOR.type, type, TYPE_FLOAT32);
    b.addFieldInt32(TENSOR.buffer, buffer, 0);
    b.addFieldOffset(TENSOR.name, nameStr, 0);
    return b.endObject();
  };
  const begin = tensors.length;
  const size = begin + 1;
  const sliced = begin + 2;
  const widened = begin + 3;
  const tensorsVec = offsetVector(b, [
    ...tensors.map(at),
    tensor([shape.length], TYPE_INT32, beginBuffer, `${name}/slice_begin`),
    tensor([shape.length], TYPE_INT32, sizeBuffer, `${name}/slice_size`),
    tensor(shape.map((d, i) => (i === axis ? extra : d)), TYPE_FLOAT32, 0, `${name}/copied`),
    tensor(shape.map((d, i) => (i === axis ? n + extra : d)), TYPE_FLOAT32, 0, name),
  ]);

  const operator = (code, inputs, outs, optionsType, writeOptions) => {
    const inputsVec = int32Vector(b, inputs);
    const outputsVec = int32Vector(b, outs);
    const options = writeOptions();
    b.startObject(5);
    b.addFieldInt32(OPERATOR.opcodeIndex, code, 0);
    b.addFieldOffset(OPERATOR.inputs, inputsVec, 0);
    b.addFieldOffset(OPERATOR.outputs, outputsVec, 0);
    b.addFieldInt8(OPERATOR.builtinOptionsType, optionsType, 0);
    b.addFieldOffset(OPERATOR.builtinOptions, options, 0);
    return b.endObject();
  };
  const operatorsVec = offsetVector(b, [
    ...tableVector(bb, graph, SUBGRAPH.operators).map(at),
    // SliceOptions {} (empty table).
    operator(sliceCode, [source, begin, size], [sliced], OPTIONS_SLICE, () => (b.startObject(0), b.endObject())),
    // ConcatenationOptions { axis:int; fused_activation_function:byte = NONE }
    operator(concatCode, [source, sliced], [widened], OPTIONS_CONCATENATION, () => {
      b.startObject(2);
      b.addFieldInt32(0, axis, 0);
      return b.endObject();
    }),
  ]);

  const outputsVec = int32Vector(b, outputs.map((t, i) => (i === outputIndex ? widened : t)));
  b.startObject(5);
  b.addFieldOffset(SUBGRAPH.tensors, tensorsVec, 0);
  b.addFieldOffset(SUBGRAPH.inputs, at(graphInputs), 0);
  b.addFieldOffset(SUBGRAPH.outputs, outputsVec, 0);
  b.addFieldOffset(SUBGRAPH.operators, operatorsVec, 0);
  const graphName = deref(bb, graph, SUBGRAPH.name);
  if (graphName) b.addFieldOffset(SUBGRAPH.name, at(graphName), 0);
  const newGraph = b.endObject();
  const subgraphsVec = offsetVector(b, [newGraph, ...subgraphs.slice(1).map(at)]);

  // OperatorCode { deprecated_builtin_code:byte; custom_code; version:int = 1; builtin_code:int }
  const codes = addedCodes.map((builtin) => {
    b.startObject(4);
    b.addFieldInt8(OPERATOR_CODE.deprecatedBuiltinCode, builtin, 0);
    b.addFieldInt32(OPERATOR_CODE.builtinCode, builtin, 0);
    return b.endObject();
  });
  const codesVec = offsetVector(b, [...oldCodes.map(at), ...codes]);

  return finishModel(b, at, bb, root, {
    [MODEL.operatorCodes]: codesVec,
    [MODEL.subgraphs]: subgraphsVec,
    [MODEL.buffers]: buffersVec,
  });
}

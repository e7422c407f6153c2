// TFLite model metadata (metadata_schema.fbs, file identifier M001): tasks-vision refuses a
// float32 image input without NormalizationOptions, and the npm-shipped models have none.
import { Builder } from 'flatbuffers';
import {
  MODEL, assertNoExternalBuffers, builderBefore, dataBuffer, finishModel, offsetVector, readModel, readString, tableVector,
} from './tflite-flatbuffers.mjs';

/** ModelMetadata for a single float32 RGB image input normalised as (x - mean) / std. */
export function buildModelMetadata({ name, mean, std }) {
  const b = new Builder(512);
  const floats = (values) => {
    b.startVector(4, values.length, 4);
    for (let i = values.length - 1; i >= 0; i--) b.addFloat32(values[i]);
    return b.endVector();
  };

  // NormalizationOptions { mean:[float]; std:[float] }
  const meanVec = floats([mean]);
  const stdVec = floats([std]);
  b.startObject(2);
  b.addFieldOffset(0, meanVec, 0);
  b.addFieldOffset(1, stdVec, 0);
  const normalization = b.endObject();

  // ProcessUnit { options: ProcessUnitOptions } — union type 1 = NormalizationOptions
  b.startObject(2);
  b.addFieldInt8(0, 1, 0);
  b.addFieldOffset(1, normalization, 0);
  const processUnit = b.endObject();

  // ImageProperties { color_space: RGB (1) }
  b.startObject(2);
  b.addFieldInt8(0, 1, 0);
  const imageProperties = b.endObject();

  // Content { content_properties: ContentProperties } — union type 2 = ImageProperties
  b.startObject(3);
  b.addFieldInt8(0, 2, 0);
  b.addFieldOffset(1, imageProperties, 0);
  const content = b.endObject();

  // TensorMetadata { name, description, dimension_names, content, process_units, ... }
  const tensorName = b.createString('image');
  const processUnits = offsetVector(b, [processUnit]);
  b.startObject(7);
  b.addFieldOffset(0, tensorName, 0);
  b.addFieldOffset(3, content, 0);
  b.addFieldOffset(4, processUnits, 0);
  const inputTensor = b.endObject();

  // SubGraphMetadata { name, description, input_tensor_metadata, ... }
  const inputs = offsetVector(b, [inputTensor]);
  b.startObject(10);
  b.addFieldOffset(2, inputs, 0);
  const subgraph = b.endObject();

  // ModelMetadata { name, description, version, subgraph_metadata, author, license,
  //                 associated_files, min_parser_version }
  const modelName = b.createString(name);
  const subgraphs = offsetVector(b, [subgraph]);
  const minParser = b.createString('1.0.0');
  b.startObject(8);
  b.addFieldOffset(0, modelName, 0);
  b.addFieldOffset(3, subgraphs, 0);
  b.addFieldOffset(7, minParser, 0);
  const model = b.endObject();

  b.finish(model, 'M001');
  return b.asUint8Array();
}

/**
 * Returns a TFLite model equal to `original` plus a Model.metadata entry TFLITE_METADATA whose
 * buffer holds `metadata`: a new root Model, buffers vector and metadata vector are written in
 * front of the untouched original, reusing its subgraphs, operator codes and buffers.
 */
export function addTfliteMetadata(original, metadata) {
  const { bb, root } = readModel(original);
  assertNoExternalBuffers(bb, root);
  const oldBuffers = tableVector(bb, root, MODEL.buffers);
  const oldMetadata = tableVector(bb, root, MODEL.metadata);
  for (const entry of oldMetadata) {
    if (readString(bb, entry, 0) === 'TFLITE_METADATA') throw new Error('model already has TFLITE_METADATA');
  }

  const { b, at } = builderBefore(original, metadata.length);
  const newBuffer = dataBuffer(b, metadata);
  const buffersVec = offsetVector(b, [...oldBuffers.map(at), newBuffer]);

  // Metadata { name:string; buffer:uint }
  const metaName = b.createString('TFLITE_METADATA');
  b.startObject(2);
  b.addFieldOffset(0, metaName, 0);
  b.addFieldInt32(1, oldBuffers.length, 0);
  const metaEntry = b.endObject();
  const metadataVec = offsetVector(b, [...oldMetadata.map(at), metaEntry]);

  return finishModel(b, at, bb, root, { [MODEL.buffers]: buffersVec, [MODEL.metadata]: metadataVec });
}

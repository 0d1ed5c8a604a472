import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type Tf = typeof import('@tensorflow/tfjs-core');

/**
 * Methods `@tensorflow/tfjs-core/dist/public/chained_ops` adds to Tensor as `op(this, ...args)`.
 * The node bundle of tfjs-core does not include them, the full `@tensorflow/tfjs` (not
 * installed) does, and face-api calls them (`t.as3D(...)`, `t.sub(...)`). Requiring those
 * files would load a second, unbundled copy of tfjs-core with its own Tensor class, so the
 * same one-liners are installed here on the bundled core's Tensor.
 */
const SAME_NAME_OPS = [
  'abs', 'acos', 'acosh', 'add', 'all', 'any', 'argMax', 'argMin', 'asin', 'asinh', 'atan', 'atan2', 'atanh',
  'avgPool', 'batchToSpaceND', 'batchNorm', 'broadcastTo', 'cast', 'ceil', 'clipByValue', 'conv1d', 'conv2d',
  'conv2dTranspose', 'cos', 'cosh', 'cumprod', 'cumsum', 'depthToSpace', 'depthwiseConv2d', 'dilation2d', 'div',
  'divNoNan', 'dot', 'elu', 'equal', 'erf', 'euclideanNorm', 'exp', 'expandDims', 'expm1', 'fft', 'floor',
  'floorDiv', 'gather', 'greater', 'greaterEqual', 'ifft', 'irfft', 'isFinite', 'isInf', 'isNaN', 'leakyRelu',
  'less', 'lessEqual', 'localResponseNormalization', 'log', 'log1p', 'logSigmoid', 'logSoftmax', 'logSumExp',
  'logicalAnd', 'logicalNot', 'logicalOr', 'logicalXor', 'matMul', 'max', 'maxPool', 'maximum', 'mean', 'min',
  'minimum', 'mirrorPad', 'mod', 'mul', 'neg', 'norm', 'notEqual', 'oneHot', 'onesLike', 'pad', 'pool', 'pow',
  'prelu', 'prod', 'reciprocal', 'relu', 'relu6', 'reshape', 'reverse', 'rfft', 'round', 'rsqrt', 'selu',
  'separableConv2d', 'sigmoid', 'sign', 'sin', 'sinh', 'slice', 'softmax', 'softplus', 'spaceToBatchND', 'split',
  'sqrt', 'square', 'squaredDifference', 'squeeze', 'step', 'stridedSlice', 'sub', 'sum', 'tan', 'tanh', 'tile',
  'topk', 'transpose', 'unique', 'unsortedSegmentSum', 'unstack', 'zerosLike',
] as const;

type AnyTensor = InstanceType<Tf['Tensor']>;
type Method = (this: AnyTensor, ...args: unknown[]) => unknown;

let installed = false;

export function installChainedOps(): Tf {
  const tf = require('@tensorflow/tfjs-core') as Tf;
  if (installed) return tf;
  const proto = tf.Tensor.prototype as unknown as Record<string, Method | undefined>;
  const ops = tf as unknown as Record<string, (...args: unknown[]) => unknown>;
  const define = (name: string, fn: Method): void => {
    if (typeof proto[name] !== 'function') proto[name] = fn;
  };
  for (const name of SAME_NAME_OPS) {
    const op = ops[name];
    if (typeof op === 'function') define(name, function (...args) { return op(this, ...args); });
  }
  const image = tf.image as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['resizeBilinear', 'resizeNearestNeighbor']) {
    define(name, function (...args) { return image[name](this, ...args); });
  }
  const reshapeTo = (shape: (t: AnyTensor) => number[]): Method => function () { return tf.reshape(this, shape(this)); };
  define('as1D', reshapeTo((t) => [t.size]));
  define('flatten', reshapeTo((t) => [t.size]));
  define('asScalar', reshapeTo(() => []));
  define('as2D', function (...a) { return tf.reshape(this, a as number[]); });
  define('as3D', function (...a) { return tf.reshape(this, a as number[]); });
  define('as4D', function (...a) { return tf.reshape(this, a as number[]); });
  define('as5D', function (...a) { return tf.reshape(this, a as number[]); });
  define('reshapeAs', function (x) { return tf.reshape(this, (x as AnyTensor).shape); });
  define('asType', function (dtype) { return tf.cast(this, dtype as 'float32'); });
  define('toFloat', function () { return tf.cast(this, 'float32'); });
  define('toInt', function () { return tf.cast(this, 'int32'); });
  define('toBool', function () { return tf.cast(this, 'bool'); });
  define('concat', function (x, axis) {
    const rest = x instanceof tf.Tensor ? [x] : (x as AnyTensor[]);
    return tf.concat([this, ...rest], axis as number);
  });
  define('stack', function (x, axis) {
    const rest = x instanceof tf.Tensor ? [x] : (x as AnyTensor[]);
    return tf.stack([this, ...rest], axis as number);
  });
  define('where', function (condition, x) { return tf.where(condition as AnyTensor, this, x as AnyTensor); });
  installed = true;
  return tf;
}

/**
 * One-vs-rest logistic regression, deterministic: weights start at zero, full-batch
 * gradient descent for a fixed number of steps with L2 regularisation, features and
 * pages visited in a fixed order. The same examples give the same weights, bit for bit.
 */
export interface Example {
  /** Feature indices and values. */
  x: Array<[number, number]>;
  /** One 0/1 target per class. */
  y: number[];
}

export interface TrainOptions {
  steps: number;
  rate: number;
  l2: number;
}

export const DEFAULT_TRAIN: TrainOptions = { steps: 150, rate: 0.5, l2: 3e-3 };

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Weights per class: weights[c][feature]. */
export function trainOneVsRest(examples: readonly Example[], features: number, classes: number, opts: TrainOptions = DEFAULT_TRAIN): Float64Array[] {
  const weights = Array.from({ length: classes }, () => new Float64Array(features));
  const grad = new Float64Array(features);
  const m = examples.length;
  for (let c = 0; c < classes; c++) {
    const w = weights[c]!;
    // Adagrad's per-feature step: rare words move as far as common ones, deterministically.
    const g2 = new Float64Array(features);
    for (let step = 0; step < opts.steps; step++) {
      grad.fill(0);
      for (const ex of examples) {
        let z = 0;
        for (const [i, v] of ex.x) z += w[i]! * v;
        const err = sigmoid(z) - ex.y[c]!;
        for (const [i, v] of ex.x) grad[i]! += err * v;
      }
      for (let i = 0; i < features; i++) {
        const g = grad[i]! / m + opts.l2 * w[i]!;
        if (g === 0) continue;
        g2[i]! += g * g;
        w[i]! -= (opts.rate * g) / Math.sqrt(g2[i]! + 1e-8);
      }
    }
  }
  return weights;
}

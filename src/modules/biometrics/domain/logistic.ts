/**
 * L2-regularised logistic regression on standardised inputs, fitted by batch gradient descent. Small on
 * purpose (a few hundred samples, some twenty inputs): eval/faces fits it on the calibration split and
 * writes the weights into domain/pad-model.generated.ts; production only evaluates it. ADR 0115 says why
 * it is written here rather than taken from a package.
 */
export interface LogisticModel {
  inputs: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export function predictLogistic(model: LogisticModel, x: Readonly<Record<string, number>>): number {
  let z = model.bias;
  model.inputs.forEach((name, i) => {
    const v = x[name];
    if (v === undefined || !Number.isFinite(v)) throw new Error(`missing input ${name}`);
    z += (model.weights[i] as number) * ((v - (model.mean[i] as number)) / (model.scale[i] as number));
  });
  return sigmoid(z);
}

export function fitLogistic(inputs: string[], rows: ReadonlyArray<Readonly<Record<string, number>>>, labels: ReadonlyArray<0 | 1>, opts: { l2?: number; iterations?: number; rate?: number } = {}): LogisticModel {
  const { l2 = 0.05, iterations = 3000, rate = 0.5 } = opts;
  const n = rows.length;
  if (n === 0 || n !== labels.length) throw new Error('fitLogistic: rows and labels must be non-empty and of equal length');
  const mean = inputs.map((k) => rows.reduce((s, r) => s + (r[k] as number), 0) / n);
  const scale = inputs.map((k, i) => Math.sqrt(rows.reduce((s, r) => s + ((r[k] as number) - (mean[i] as number)) ** 2, 0) / n) || 1);
  const X = rows.map((r) => inputs.map((k, i) => ((r[k] as number) - (mean[i] as number)) / (scale[i] as number)));
  // Classes weighted to equal total weight: attack and bona fide counts differ by design (4 kinds vs 2 captures).
  const pos = labels.filter((l) => l === 1).length;
  const wPos = n / (2 * Math.max(1, pos));
  const wNeg = n / (2 * Math.max(1, n - pos));
  const w = new Array(inputs.length).fill(0) as number[];
  let b = 0;
  for (let it = 0; it < iterations; it++) {
    const gw = new Array(inputs.length).fill(0) as number[];
    let gb = 0;
    for (let i = 0; i < n; i++) {
      const xi = X[i] as number[];
      let z = b;
      for (let j = 0; j < w.length; j++) z += (w[j] as number) * (xi[j] as number);
      const y = labels[i] as number;
      const err = (sigmoid(z) - y) * (y === 1 ? wPos : wNeg);
      for (let j = 0; j < w.length; j++) gw[j] = (gw[j] as number) + err * (xi[j] as number);
      gb += err;
    }
    for (let j = 0; j < w.length; j++) w[j] = (w[j] as number) - rate * ((gw[j] as number) / n + l2 * (w[j] as number));
    b -= (rate * gb) / n;
  }
  return { inputs, mean, scale, weights: w, bias: b };
}

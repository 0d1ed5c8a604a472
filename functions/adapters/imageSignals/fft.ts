/** In-place iterative radix-2 FFT of (re, im); length must be a power of two. */
export function fft1d(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
        const nr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = nr;
      }
    }
  }
}

/** Power spectrum |F|^2 of a square n x n real image (row-major), n a power of two. */
export function powerSpectrum2d(values: Float64Array, n: number): Float64Array {
  const re = Float64Array.from(values);
  const im = new Float64Array(n * n);
  const rowRe = new Float64Array(n);
  const rowIm = new Float64Array(n);
  for (let pass = 0; pass < 2; pass++) {
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const idx = pass === 0 ? r * n + c : c * n + r;
        rowRe[c] = re[idx];
        rowIm[c] = im[idx];
      }
      fft1d(rowRe, rowIm);
      for (let c = 0; c < n; c++) {
        const idx = pass === 0 ? r * n + c : c * n + r;
        re[idx] = rowRe[c];
        im[idx] = rowIm[c];
      }
    }
  }
  const power = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) power[i] = re[i] * re[i] + im[i] * im[i];
  return power;
}

//! The image side of automatic registration, in the reduced copy's
//! continuous coordinates (pixel `(i, j)` centred at `(i + 0.5, j + 0.5)`).

use rustfft::FftPlanner;
use rustfft::num_complex::Complex;

use crate::registration::Gray;

/// How strongly each pixel of the reduced scan looks like a thin dark
/// line (darker than both neighbours two pixels away, in any of four
/// directions), so terrain colour and paper shading do not count.
pub struct LineMap {
    pub width: usize,
    pub height: usize,
    pub data: Vec<f32>,
}

impl LineMap {
    /// Box-reduces `gray` by `k`, then keeps only thin dark lines.
    pub fn new(gray: &Gray, k: u32) -> Option<Self> {
        let (w, h) = ((gray.width / k) as usize, (gray.height / k) as usize);
        if w < 32 || h < 32 {
            return None;
        }
        let (k, gw) = (k as usize, gray.width as usize);
        let mut small = vec![0f32; w * h];
        for y in 0..h * k {
            for x in 0..w * k {
                small[(y / k) * w + x / k] += f32::from(gray.data[y * gw + x]);
            }
        }
        let norm = (k * k) as f32;
        small.iter_mut().for_each(|v| *v /= norm);
        let at = |x: usize, y: usize| small[y * w + x];
        let mut data = vec![0f32; w * h];
        const D: usize = 2;
        for y in D..h - D {
            for x in D..w - D {
                let c = at(x, y);
                let pairs = [
                    (at(x - D, y), at(x + D, y)),
                    (at(x, y - D), at(x, y + D)),
                    (at(x - D, y - D), at(x + D, y + D)),
                    (at(x - D, y + D), at(x + D, y - D)),
                ];
                let ridge = pairs
                    .iter()
                    .map(|(a, b)| a.min(*b) - c)
                    .fold(0.0, f32::max);
                data[y * w + x] = ridge;
            }
        }
        Some(Self {
            width: w,
            height: h,
            data,
        })
    }
}

/// Autocorrelation of the line map, normalised by overlap, for lags up to
/// a third of the image: `get(dx, dy)`.
pub struct Autocorrelation {
    size: [usize; 2],
    values: Vec<f32>,
    pub max_lag: i64,
}

impl Autocorrelation {
    /// Value at an integer lag (0 outside the searched range).
    pub fn get(&self, dx: i64, dy: i64) -> f32 {
        if dx.abs() > self.max_lag || dy.abs() > self.max_lag {
            return 0.0;
        }
        let [w, h] = self.size;
        let x = dx.rem_euclid(w as i64) as usize;
        let y = dy.rem_euclid(h as i64) as usize;
        self.values[y * w + x]
    }
}

/// Autocorrelation by FFT (zero-padded, so lags do not wrap around).
pub fn autocorrelation(lines: &LineMap) -> Autocorrelation {
    let (w, h) = (lines.width, lines.height);
    let max_lag = (w.min(h) / 3) as i64;
    let size = [
        (w + max_lag as usize + 1).next_power_of_two(),
        (h + max_lag as usize + 1).next_power_of_two(),
    ];
    let mean = lines.data.iter().sum::<f32>() / lines.data.len() as f32;
    let mut buf = vec![Complex::new(0f32, 0.0); size[0] * size[1]];
    for y in 0..h {
        for x in 0..w {
            buf[y * size[0] + x].re = lines.data[y * w + x] - mean;
        }
    }
    fft2(&mut buf, size, false);
    buf.iter_mut()
        .for_each(|c| *c = Complex::new(c.norm_sqr(), 0.0));
    fft2(&mut buf, size, true);
    let mut values: Vec<f32> = buf.iter().map(|c| c.re).collect();
    // Fewer pixels overlap at long lags; without this they would look weak.
    for (i, v) in values.iter_mut().enumerate() {
        let (x, y) = ((i % size[0]) as i64, (i / size[0]) as i64);
        let dx = if x > size[0] as i64 / 2 {
            x - size[0] as i64
        } else {
            x
        };
        let dy = if y > size[1] as i64 / 2 {
            y - size[1] as i64
        } else {
            y
        };
        let overlap =
            (w as i64 - dx.abs()).max(1) * (h as i64 - dy.abs()).max(1);
        *v /= overlap as f32;
    }
    Autocorrelation {
        size,
        values,
        max_lag,
    }
}

/// In-place 2D FFT: rows, then columns.
fn fft2(buf: &mut [Complex<f32>], size: [usize; 2], inverse: bool) {
    let mut planner = FftPlanner::<f32>::new();
    let mut plan = |n| {
        if inverse {
            planner.plan_fft_inverse(n)
        } else {
            planner.plan_fft_forward(n)
        }
    };
    let [w, h] = size;
    let rows = plan(w);
    buf.chunks_exact_mut(w).for_each(|row| rows.process(row));
    let cols = plan(h);
    let mut col = vec![Complex::new(0f32, 0.0); h];
    for x in 0..w {
        for y in 0..h {
            col[y] = buf[y * w + x];
        }
        cols.process(&mut col);
        for y in 0..h {
            buf[y * w + x] = col[y];
        }
    }
}

/// Sub-pixel position of the autocorrelation peak nearest `guess`
/// (searched within +-`reach` pixels), by a parabola through neighbours.
fn peak_near(
    ac: &Autocorrelation,
    guess: [f64; 2],
    reach: i64,
) -> Option<([f64; 2], f32)> {
    let (gx, gy) = (guess[0].round() as i64, guess[1].round() as i64);
    let mut best = None;
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let (x, y) = (gx + dx, gy + dy);
            let v = ac.get(x, y);
            if best.is_none_or(|(_, _, b)| v > b) {
                best = Some((x, y, v));
            }
        }
    }
    let (x, y, v) = best?;
    if x.abs() >= ac.max_lag || y.abs() >= ac.max_lag {
        return None;
    }
    let sub = |m: f32, p: f32| {
        let denom = m - 2.0 * v + p;
        if denom < 0.0 {
            f64::from(0.5 * (m - p) / denom).clamp(-0.5, 0.5)
        } else {
            0.0
        }
    };
    let fx = sub(ac.get(x - 1, y), ac.get(x + 1, y));
    let fy = sub(ac.get(x, y - 1), ac.get(x, y + 1));
    Some(([x as f64 + fx, y as f64 + fy], v))
}

/// Local maxima of the autocorrelation in the upper half plane (the other
/// half mirrors it), strongest first.
fn local_maxima(ac: &Autocorrelation) -> Vec<([i64; 2], f32)> {
    const MIN_LAG: i64 = 4;
    let m = ac.max_lag - 1;
    let mut out = Vec::new();
    for dy in 0..=m {
        for dx in -m..=m {
            if (dy == 0 && dx <= 0) || dx * dx + dy * dy < MIN_LAG * MIN_LAG {
                continue;
            }
            let v = ac.get(dx, dy);
            let is_max = (-1..=1).all(|j| {
                (-1..=1)
                    .all(|i| (i == 0 && j == 0) || ac.get(dx + i, dy + j) < v)
            });
            if is_max && v > 0.0 {
                out.push(([dx, dy], v));
            }
        }
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

fn rotate(v: [f64; 2], degrees: f64) -> [f64; 2] {
    let (s, c) = degrees.to_radians().sin_cos();
    [v[0] * c - v[1] * s, v[0] * s + v[1] * c]
}

/// Two lattice vectors 60 degrees apart: the shortest strong peak whose
/// 60-degree turns are strong peaks too (a hex lattice has six equal
/// neighbours), refined over many lattice points.
pub fn find_basis(ac: &Autocorrelation) -> Option<[[f64; 2]; 2]> {
    let maxima = local_maxima(ac);
    let strongest = maxima.first()?.1;
    let len = |p: [i64; 2]| ((p[0] * p[0] + p[1] * p[1]) as f64).sqrt();
    let mut candidates: Vec<_> = maxima
        .iter()
        .take(60)
        .filter(|(_, v)| *v >= 0.4 * strongest)
        .collect();
    candidates.sort_by(|a, b| len(a.0).total_cmp(&len(b.0)));
    for (p, v) in candidates {
        let a = [p[0] as f64, p[1] as f64];
        let reach = (len(*p) * 0.08).ceil() as i64 + 1;
        let turned = [rotate(a, 60.0), rotate(a, -60.0)];
        let partners: Vec<_> = turned
            .iter()
            .filter_map(|t| peak_near(ac, *t, reach))
            .collect();
        if partners.len() == 2 && partners.iter().all(|(_, pv)| *pv >= 0.5 * v)
        {
            let b = partners[0].0;
            return refine_basis(ac, [a, b]);
        }
    }
    None
}

/// Least-squares lattice vectors from the peaks at `i * a + j * b` for
/// every lattice point within reach: far peaks pin the vectors down to a
/// small fraction of a pixel.
fn refine_basis(
    ac: &Autocorrelation,
    basis: [[f64; 2]; 2],
) -> Option<[[f64; 2]; 2]> {
    let [mut a, mut b] = basis;
    for _ in 0..2 {
        let (mut m, mut rx, mut ry) =
            ([[0.0f64; 2]; 2], [0.0f64; 2], [0.0f64; 2]);
        let span = (ac.max_lag as f64 / a[0].hypot(a[1])).floor() as i32;
        for i in -span..=span {
            for j in 0..=span {
                let g = [
                    f64::from(i) * a[0] + f64::from(j) * b[0],
                    f64::from(i) * a[1] + f64::from(j) * b[1],
                ];
                if (i == 0 && j == 0)
                    || g[0].abs() > ac.max_lag as f64 - 2.0
                    || g[1].abs() > ac.max_lag as f64 - 2.0
                {
                    continue;
                }
                let Some((p, _)) = peak_near(ac, g, 1) else {
                    continue;
                };
                let (fi, fj) = (f64::from(i), f64::from(j));
                m = [
                    [m[0][0] + fi * fi, m[0][1] + fi * fj],
                    [m[1][0] + fi * fj, m[1][1] + fj * fj],
                ];
                rx = [rx[0] + fi * p[0], rx[1] + fj * p[0]];
                ry = [ry[0] + fi * p[1], ry[1] + fj * p[1]];
            }
        }
        let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
        if det.abs() < 1e-9 {
            return None;
        }
        let solve = |r: [f64; 2]| {
            [
                (m[1][1] * r[0] - m[0][1] * r[1]) / det,
                (m[0][0] * r[1] - m[1][0] * r[0]) / det,
            ]
        };
        let (sx, sy) = (solve(rx), solve(ry));
        a = [sx[0], sy[0]];
        b = [sx[1], sy[1]];
    }
    Some([a, b])
}

/// Bins per lattice axis when folding the sheet into one cell.
const BINS: usize = 48;

/// A hex centre: the sheet folded into one lattice cell (the average hex)
/// is matched against hexagon outlines at every phase.
pub fn phase(lines: &LineMap, basis: [[f64; 2]; 2]) -> [f64; 2] {
    let [a, b] = basis;
    let det = a[0] * b[1] - a[1] * b[0];
    let mut fold = vec![0f64; BINS * BINS];
    let mut count = vec![0u32; BINS * BINS];
    for y in 0..lines.height {
        for x in 0..lines.width {
            let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
            let u = ((px * b[1] - py * b[0]) / det).rem_euclid(1.0);
            let v = ((a[0] * py - a[1] * px) / det).rem_euclid(1.0);
            let i = ((v * BINS as f64) as usize % BINS) * BINS
                + (u * BINS as f64) as usize % BINS;
            fold[i] += f64::from(lines.data[y * lines.width + x]);
            count[i] += 1;
        }
    }
    for (f, c) in fold.iter_mut().zip(&count) {
        *f /= f64::from((*c).max(1));
    }
    let mean = fold.iter().sum::<f64>() / fold.len() as f64;
    fold.iter_mut().for_each(|f| *f -= mean);
    let template = outline_template(basis);
    let score = |cu: usize, cv: usize| {
        let mut s = 0.0;
        for v in 0..BINS {
            for u in 0..BINS {
                let t = template
                    [((v + BINS - cv) % BINS) * BINS + (u + BINS - cu) % BINS];
                s += fold[v * BINS + u] * t;
            }
        }
        s
    };
    let scores: Vec<f64> = (0..BINS * BINS)
        .map(|i| score(i % BINS, i / BINS))
        .collect();
    let best = (0..scores.len())
        .max_by(|i, j| scores[*i].total_cmp(&scores[*j]))
        .unwrap_or(0);
    let (bu, bv) = (best % BINS, best / BINS);
    let s = |u: usize, v: usize| scores[(v % BINS) * BINS + u % BINS];
    let sub = |m: f64, c: f64, p: f64| {
        let d = m - 2.0 * c + p;
        if d < 0.0 {
            (0.5 * (m - p) / d).clamp(-0.5, 0.5)
        } else {
            0.0
        }
    };
    let c = s(bu, bv);
    let fu = bu as f64 + sub(s(bu + BINS - 1, bv), c, s(bu + 1, bv));
    let fv = bv as f64 + sub(s(bu, bv + BINS - 1), c, s(bu, bv + 1));
    let (u, v) = (fu / BINS as f64, fv / BINS as f64);
    [u * a[0] + v * b[0], u * a[1] + v * b[1]]
}

/// Hexagon outlines around lattice points in cell coordinates: a soft
/// line on the Voronoi boundaries (where the nearest and next-nearest
/// centres are equally far).
fn outline_template(basis: [[f64; 2]; 2]) -> Vec<f64> {
    let [a, b] = basis;
    let spacing = a[0].hypot(a[1]);
    let width = (0.04 * spacing).max(0.8);
    let mut out = vec![0f64; BINS * BINS];
    for v in 0..BINS {
        for u in 0..BINS {
            let (fu, fv) = (
                (u as f64 + 0.5) / BINS as f64,
                (v as f64 + 0.5) / BINS as f64,
            );
            let p = [fu * a[0] + fv * b[0], fu * a[1] + fv * b[1]];
            let mut d: Vec<f64> = Vec::with_capacity(16);
            for j in -2..=2 {
                for i in -2..=2 {
                    let c = [
                        f64::from(i) * a[0] + f64::from(j) * b[0],
                        f64::from(i) * a[1] + f64::from(j) * b[1],
                    ];
                    d.push((p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2));
                }
            }
            d.sort_by(f64::total_cmp);
            // Distance to the bisector between the two nearest centres.
            let gap = (d[1] - d[0]) / (2.0 * spacing);
            out[v * BINS + u] = (-(gap / width).powi(2)).exp();
        }
    }
    out
}

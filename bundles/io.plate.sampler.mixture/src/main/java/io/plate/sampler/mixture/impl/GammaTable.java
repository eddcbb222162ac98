package io.plate.sampler.mixture.impl;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Gamma(a, 1) variates for one fixed shape a, exact, by rejection from a piecewise-constant envelope of
 * the density of L = log X, f(l) ∝ exp(a·l − e^l) (unimodal, mode at log a). The uncollapsed multinomial
 * θ-step draws about two million Gamma(β) variates a sweep (one per word and cluster with a zero count),
 * and this sampler needs one {@code exp} and four uniforms on its likely path, against the rejection
 * loops of the general samplers.
 *
 * <p>Pieces of the envelope: {@value #STRIPS} equal strips of [lo, hi], each with the largest value of
 * f on the strip (at an end, or at the mode) as its height, and the smallest as a squeeze; the left tail
 * l < lo with envelope exp(a·l) ≥ f (drawn as lo − E/a, accepted with probability exp(−e^l)); the right
 * tail x = e^l > x_h = e^hi with envelope x_h^(a−1)·e^(−x) for a ≤ 1 (x^(a−1) decreases) or the tangent
 * of the log-concave x^(a−1)·e^(−x) at x_h for a > 1. A piece is chosen with probability proportional to
 * its envelope area (Walker's alias table), a point is drawn from the piece's envelope and accepted with
 * probability f / envelope, so every accepted point has density f: the method is exact for any lo and
 * hi, which only decide its speed (each end is where log f has fallen {@code drop} below its maximum).
 * Heights are widened and squeezes narrowed by 1e-9 relative, so that rounding in the evaluation of f
 * never puts f above its envelope. Immutable; the generator is passed to every call.
 */
final class GammaTable {
    /** Strips of the envelope between the tails. */
    static final int STRIPS = 1024;
    /** How far (in log density) below the mode each tail starts, by default. */
    static final double DROP = 12;
    private static final double WIDEN = 1 + 1e-9;
    private static final double NARROW = 1 - 1e-9;
    /**
     * Widest strip for which e^t, 0 ≤ t < h, is taken from its Taylor series to degree 8 (remainder
     * below h^9/9! ≈ 1.2e-18 relative, under rounding), which is cheaper than {@code Math.exp}.
     */
    static final double SERIES_MAX_WIDTH = 0.0425;

    private final double a;
    private final double lo;
    private final double h;
    private final double xh;
    private final double logXh;
    private final double rightRate;
    private final int pieces;
    /** Per piece: alias probability, alias index, envelope height, squeeze (strips only). */
    private final double[] table;
    /** Per strip: e^(left end), so that e^l = edge · e^(u·h) needs only a short series when h is small. */
    private final double[] edge;
    private final boolean series;

    GammaTable(double shape) {
        this(shape, DROP);
    }

    /** {@code drop}: where the tails start; a small one makes tails frequent (for tests). */
    GammaTable(double shape, double drop) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("shape must be > 0, got " + shape);
        }
        if (!(drop > 0)) {
            throw new IllegalArgumentException("drop must be > 0, got " + drop);
        }
        this.a = shape;
        double mode = Math.log(shape);
        double top = logDensity(mode);
        double step = 1;
        double left = mode - step;
        while (logDensity(left) > top - drop) {
            step *= 2;
            left = mode - step;
        }
        step = 1;
        double right = mode + step;
        while (logDensity(right) > top - drop) {
            step *= 2;
            right = mode + step;
        }
        this.lo = left;
        this.h = (right - left) / STRIPS;
        double hi = left + STRIPS * h;
        this.xh = Math.exp(hi);
        this.logXh = hi;
        this.rightRate = a <= 1 ? 1 : 1 - (a - 1) / xh;
        this.series = h <= SERIES_MAX_WIDTH;
        this.edge = new double[STRIPS];
        for (int i = 0; i < STRIPS; i++) {
            edge[i] = Math.exp(lo + i * h);
        }
        this.pieces = STRIPS + 2;
        this.table = new double[4 * pieces];
        double[] area = new double[pieces];
        for (int i = 0; i < STRIPS; i++) {
            double l0 = lo + i * h;
            double l1 = lo + (i + 1) * h;
            double f0 = Math.exp(logDensity(l0));
            double f1 = Math.exp(logDensity(l1));
            double height = l0 <= mode && mode <= l1 ? Math.exp(top) : Math.max(f0, f1);
            table[4 * i + 2] = height * WIDEN;
            table[4 * i + 3] = Math.min(f0, f1) * NARROW;
            area[i] = table[4 * i + 2] * h;
        }
        area[STRIPS] = Math.exp(a * lo) / a; // ∫_{−∞}^{lo} e^{a l} dl
        area[STRIPS + 1] = Math.exp((a - 1) * logXh - xh) / rightRate; // ∫_{x_h}^∞ envelope dx
        buildAlias(area);
    }

    private double logDensity(double l) {
        return a * l - Math.exp(l);
    }

    /** Walker's alias table (Vose's construction) over the piece areas. */
    private void buildAlias(double[] area) {
        double total = 0;
        for (double x : area) {
            total += x;
        }
        double[] scaled = new double[pieces];
        int[] small = new int[pieces];
        int[] large = new int[pieces];
        int ns = 0;
        int nl = 0;
        for (int i = 0; i < pieces; i++) {
            scaled[i] = area[i] / total * pieces;
            if (scaled[i] < 1) {
                small[ns++] = i;
            } else {
                large[nl++] = i;
            }
        }
        while (ns > 0 && nl > 0) {
            int s = small[--ns];
            int g = large[--nl];
            table[4 * s] = scaled[s];
            table[4 * s + 1] = g;
            scaled[g] = scaled[g] + scaled[s] - 1;
            if (scaled[g] < 1) {
                small[ns++] = g;
            } else {
                large[nl++] = g;
            }
        }
        while (nl > 0) {
            int g = large[--nl];
            table[4 * g] = 1;
            table[4 * g + 1] = g;
        }
        while (ns > 0) { // only rounding leaves an entry here: its scaled area is 1 up to rounding
            int s = small[--ns];
            table[4 * s] = 1;
            table[4 * s + 1] = s;
        }
    }

    /** One Gamma(a, 1) variate. */
    double next(UniformRandomProvider rng) {
        for (;;) {
            int i = piece(rng);
            if (i < STRIPS) {
                double t = rng.nextDouble() * h;
                double l = lo + i * h + t;
                double y = rng.nextDouble() * table[4 * i + 2];
                if (y <= table[4 * i + 3] || y <= Math.exp(logDensity(l))) {
                    return series ? edge[i] * expSeries(t) : Math.exp(l);
                }
            } else if (i == STRIPS) {
                double l = leftTail(rng);
                if (!Double.isNaN(l)) {
                    return Math.exp(l);
                }
            } else {
                double x = rightTail(rng);
                if (!Double.isNaN(x)) {
                    return x;
                }
            }
        }
    }

    /** log of one Gamma(a, 1) variate, finite for every shape (no underflow in the left tail). */
    double nextLog(UniformRandomProvider rng) {
        for (;;) {
            int i = piece(rng);
            if (i < STRIPS) {
                double l = lo + (i + rng.nextDouble()) * h;
                double y = rng.nextDouble() * table[4 * i + 2];
                if (y <= table[4 * i + 3] || y <= Math.exp(logDensity(l))) {
                    return l;
                }
            } else if (i == STRIPS) {
                double l = leftTail(rng);
                if (!Double.isNaN(l)) {
                    return l;
                }
            } else {
                double x = rightTail(rng);
                if (!Double.isNaN(x)) {
                    return Math.log(x);
                }
            }
        }
    }

    /** e^t for 0 ≤ t ≤ {@link #SERIES_MAX_WIDTH}: Taylor series to degree 8, Horner's rule. */
    static double expSeries(double t) {
        double p = 1.0 / 40320;
        p = Math.fma(p, t, 1.0 / 5040);
        p = Math.fma(p, t, 1.0 / 720);
        p = Math.fma(p, t, 1.0 / 120);
        p = Math.fma(p, t, 1.0 / 24);
        p = Math.fma(p, t, 1.0 / 6);
        p = Math.fma(p, t, 0.5);
        p = Math.fma(p, t, 1.0);
        return Math.fma(p, t, 1.0);
    }

    private int piece(UniformRandomProvider rng) {
        int i = (int) (rng.nextDouble() * pieces);
        return rng.nextDouble() < table[4 * i] ? i : (int) table[4 * i + 1];
    }

    /** A proposal lo − E/a from the left tail's envelope, or NaN when rejected. */
    private double leftTail(UniformRandomProvider rng) {
        double l = lo - exponential(rng) / a;
        return exponential(rng) >= Math.exp(l) ? l : Double.NaN; // accepted with probability exp(−e^l)
    }

    /** A proposal x_h + E/r from the right tail's envelope, or NaN when rejected. */
    private double rightTail(UniformRandomProvider rng) {
        double x = xh + exponential(rng) / rightRate;
        // log(f / envelope) = (a − 1)(log x − log x_h) − (1 − r)(x − x_h) ≤ 0
        double logRatio = (a - 1) * (Math.log(x) - logXh) - (1 - rightRate) * (x - xh);
        return exponential(rng) >= -logRatio ? x : Double.NaN;
    }

    private static double exponential(UniformRandomProvider rng) {
        return -Math.log1p(-rng.nextDouble()); // 1 − U in (0, 1]: finite
    }
}

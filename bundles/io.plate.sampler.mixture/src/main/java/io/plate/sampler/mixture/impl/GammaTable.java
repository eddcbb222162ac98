package io.plate.sampler.mixture.impl;

import io.plate.distributions.numerics.AliasConstruction;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Gamma(a, 1) variates for one fixed shape a, exact, by rejection from a piecewise-constant envelope on
 * the log scale. The uncollapsed multinomial θ-step draws about two million Gamma(β) variates a sweep
 * (one per word and cluster with a zero count) and needs both the logarithm of each (for the z-step) and
 * the variate itself (for the normaliser). On its likely path this sampler takes one 64-bit and one
 * double uniform, three table reads and a short polynomial: no transcendental function and no
 * data-dependent branch.
 *
 * <p>The density of L = log X is f(l) = exp(a·l − e^l) (unnormalised), unimodal, so it never
 * underflows for any shape, unlike X itself. Between lo and hi there are {@value #STRIPS} strips of
 * equal width h; on each, the envelope's height is f's largest value (at an end, or at the mode) and the
 * squeeze its smallest. Each strip is split into two pieces, as in a ziggurat: the inner rectangle under
 * the squeeze, where every point lies under f and is accepted without a test, and the cap between
 * squeeze and height, whose points are accepted with probability f / height. The tails: l < lo with
 * envelope exp(a·l) ≥ f (drawn as lo − E/a, accepted with probability exp(−e^l)); x > x_h = e^hi with
 * envelope x_h^(a−1)·e^(−x) for a ≤ 1 (x^(a−1) decreases) or the tangent of the log-concave density of
 * X at x_h for a > 1. A piece is chosen with probability proportional to its area by Walker's alias
 * table over exactly 2^{@value #PIECE_BITS} pieces (the index from the top bits of one 64-bit uniform,
 * the alias coin from its 53 low bits), and a point drawn uniformly in it; every accepted point has the
 * density f, so the method is exact for any lo and hi, which only decide its speed (each end is where
 * log f has fallen {@code drop} below its maximum). Heights are widened and squeezes narrowed by 1e-9
 * relative, so that rounding in the evaluation of the density never puts it above its envelope.
 *
 * <p>Immutable; the generator is passed to every call.
 */
final class GammaTable {
    /** Bits of the piece index: 2^11 pieces, two per strip and the two tails. */
    static final int PIECE_BITS = 11;
    private static final int PIECES = 1 << PIECE_BITS;
    /** Strips of the envelope between the tails. */
    static final int STRIPS = (PIECES - 2) / 2;
    private static final int LEFT_TAIL = 2 * STRIPS;
    /** How far (in log density) below the mode each tail starts, by default. */
    static final double DROP = 12;
    /** Widest strip on which e^l is computed by the series (|t| ≤ 1/8 from the strip's midpoint). */
    static final double SERIES_MAX_WIDTH = 0.25;
    private static final double WIDEN = 1 + 1e-9;
    private static final double NARROW = 1 - 1e-9;
    private static final double UNIT = 0x1p-53;
    private static final long LOW_BITS = (1L << 53) - 1;

    private final double a;
    /** log f at the mode: every density here is taken relative to it, so that no shape overflows. */
    private final double offset;
    private final double lo;
    private final double h;
    private final double xh;
    private final double logXh;
    private final double rightRate;
    /** Per piece: the probability of keeping it in Walker's alias table, and its alias. */
    private final double[] keep;
    private final int[] alias;
    /** Per strip: the envelope's height and the squeeze. */
    private final double[] height;
    private final double[] squeeze;
    /** Per strip: its midpoint m and e^m; and whether strips are narrow enough for the series. */
    private final double[] mid;
    private final double[] midExp;
    private final boolean seriesExp;

    /** A table for shape {@code shape} > 0 with the default tails. */
    static GammaTable of(double shape) {
        return new GammaTable(shape, DROP);
    }

    /** {@code drop}: where the tails start; a small one makes tails frequent, a large one wide strips (for tests). */
    GammaTable(double shape, double drop) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("shape must be > 0, got " + shape);
        }
        if (!(drop > 0) || Double.isInfinite(drop)) {
            throw new IllegalArgumentException("drop must be > 0, got " + drop);
        }
        this.a = shape;
        double mode = Math.log(shape);
        this.offset = shape * mode - shape;
        double top = logDensity(mode); // 0 up to rounding
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
        this.seriesExp = h <= SERIES_MAX_WIDTH;
        this.keep = new double[PIECES];
        this.alias = new int[PIECES];
        this.height = new double[STRIPS];
        this.squeeze = new double[STRIPS];
        this.mid = new double[STRIPS];
        this.midExp = new double[STRIPS];
        double[] area = new double[PIECES];
        for (int i = 0; i < STRIPS; i++) {
            double l0 = lo + i * h;
            double l1 = lo + (i + 1) * h;
            double top0 = Math.exp(logDensity(l0));
            double top1 = Math.exp(logDensity(l1));
            double peak = l0 <= mode && mode <= l1 ? Math.exp(top) : Math.max(top0, top1);
            height[i] = peak * WIDEN;
            squeeze[i] = Math.min(top0, top1) * NARROW;
            mid[i] = lo + (i + 0.5) * h;
            midExp[i] = Math.exp(mid[i]);
            area[i] = squeeze[i] * h;
            area[STRIPS + i] = (height[i] - squeeze[i]) * h;
        }
        area[LEFT_TAIL] = Math.exp(a * lo - offset) / a; // ∫_{−∞}^{lo} e^{a l} dl
        // ∫_{x_h}^∞ of the envelope dx: the same measure as its density of l above hi
        area[LEFT_TAIL + 1] = Math.exp((a - 1) * logXh - xh - offset) / rightRate;
        buildAlias(area);
    }

    private double logDensity(double l) {
        return a * l - Math.exp(l) - offset;
    }

    /** Walker's alias table (Vose's construction) over the piece areas. */
    private void buildAlias(double[] area) {
        double total = 0;
        int positive = -1;
        for (int i = 0; i < PIECES; i++) {
            total += area[i];
            if (area[i] > 0) {
                positive = i;
            }
        }
        double[] scaled = new double[PIECES];
        for (int i = 0; i < PIECES; i++) {
            scaled[i] = area[i] / total * PIECES;
        }
        AliasConstruction.build(scaled, keep, alias);
        for (int i = 0; i < PIECES; i++) {
            if (!(area[i] > 0)) { // an empty piece (an underflowed sliver) must never be returned
                keep[i] = 0;
                if (alias[i] == i) {
                    alias[i] = positive;
                }
            }
        }
    }

    /**
     * One Gamma(a, 1) variate X: stores log X in {@code out[index]} and returns X itself (0 where it
     * underflows), so that a caller who needs both pays no logarithm and, on the likely path, no
     * exponential either: on strips no wider than {@value #SERIES_MAX_WIDTH}, e^l = e^m · e^(l − m), m the
     * strip's midpoint, the second factor by a series (|l − m| ≤ 1/8), within a few units in the last
     * place of {@code Math.exp(l)}.
     */
    double nextLogInto(UniformRandomProvider rng, double[] out, int index) {
        long r = rng.nextLong();
        int i = (int) (r >>> (64 - PIECE_BITS));
        int other = alias[i];
        // a select, not a branch: the outcome is a coin flip that no predictor learns
        int piece = (r & LOW_BITS) * UNIT < keep[i] ? i : other;
        if (piece < STRIPS) { // an inner rectangle: accepted as drawn
            double u = rng.nextDouble();
            double l = lo + (piece + u) * h;
            out[index] = l;
            return seriesExp ? midExp[piece] * expNearZero(l - mid[piece]) : Math.exp(l);
        }
        double l = nextLogRare(rng, piece);
        out[index] = l;
        return Math.exp(l);
    }

    /** e^t for |t| ≤ 1/8 by its Taylor series to t^10 (remainder below 3e-18 relative). */
    static double expNearZero(double t) {
        double p = 1.0 / 3628800;
        p = p * t + 1.0 / 362880;
        p = p * t + 1.0 / 40320;
        p = p * t + 1.0 / 5040;
        p = p * t + 1.0 / 720;
        p = p * t + 1.0 / 120;
        p = p * t + 1.0 / 24;
        p = p * t + 1.0 / 6;
        p = p * t + 0.5;
        p = p * t + 1;
        return p * t + 1;
    }

    /** Finishes a draw whose piece is a cap or a tail: the proposal and its test, then fresh pieces until one is accepted. */
    private double nextLogRare(UniformRandomProvider rng, int first) {
        int piece = first;
        for (;;) {
            if (piece < STRIPS) {
                return lo + (piece + rng.nextDouble()) * h;
            } else if (piece < LEFT_TAIL) {
                int s = piece - STRIPS;
                double l = lo + (s + rng.nextDouble()) * h;
                double y = squeeze[s] + rng.nextDouble() * (height[s] - squeeze[s]);
                if (y <= Math.exp(logDensity(l))) {
                    return l;
                }
            } else if (piece == LEFT_TAIL) {
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
            long r = rng.nextLong();
            int i = (int) (r >>> (64 - PIECE_BITS));
            piece = (r & LOW_BITS) * UNIT < keep[i] ? i : alias[i];
        }
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

package io.plate.sampler.mixture.impl;

import io.plate.distributions.numerics.AliasConstruction;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Gamma(a, 1) variates for one fixed shape a, exact, by rejection from a piecewise-constant envelope. The
 * uncollapsed multinomial θ-step draws about two million Gamma(β) variates a sweep (one per word and
 * cluster with a zero count); on its likely path this sampler needs three uniforms, two table reads and
 * a compare (plain variates) — no transcendental function — against the rejection loops and the
 * {@code exp} of the general samplers.
 *
 * <p>The strips: {@value #STRIPS} equal steps of l = log x over [lo, hi]. A plain table ({@link #plain})
 * draws x uniformly on each strip [e^l_i, e^l_(i+1)] under the density g(x) = x^(a−1)·e^(−x); a log
 * table ({@link #log}, for shapes so small that x underflows) draws l uniformly on [l_i, l_(i+1)] under
 * the density of L = log X, f(l) = exp(a·l − e^l) (the same measure: f(l) dl = g(x) dx). Both densities
 * are unimodal, so each strip's envelope height is the density's largest value on it (at an end, or at
 * the mode) and its squeeze the smallest. The tails: l < lo with envelope exp(a·l) ≥ f (drawn as
 * lo − E/a, accepted with probability exp(−e^l)); x > x_h = e^hi with envelope x_h^(a−1)·e^(−x) for
 * a ≤ 1 (x^(a−1) decreases) or the tangent of the log-concave g at x_h for a > 1. A piece is chosen
 * with probability proportional to its envelope area (Walker's alias table), a point is drawn from the
 * piece's envelope and accepted with probability density / envelope, so every accepted point has the
 * gamma density: the method is exact for any lo and hi, which only decide its speed (each end is where
 * log f has fallen {@code drop} below its maximum). Heights are widened and squeezes narrowed by 1e-9
 * relative, so that rounding in the evaluation of the density never puts it above its envelope.
 * Immutable; the generator is passed to every call.
 */
final class GammaTable {
    /** Strips of the envelope between the tails. */
    static final int STRIPS = 1024;
    /** How far (in log density) below the mode each tail starts, by default. */
    static final double DROP = 12;
    /** Smallest shape of a plain table (below it the strips would start near the smallest double). */
    static final double PLAIN_MIN_SHAPE = 0.05;
    private static final double WIDEN = 1 + 1e-9;
    private static final double NARROW = 1 - 1e-9;

    private final double a;
    /** log f at the mode: every density here is taken relative to it, so that no shape overflows. */
    private final double offset;
    private final boolean plain;
    private final double lo;
    private final double h;
    private final double xh;
    private final double logXh;
    private final double rightRate;
    private final int pieces;
    /** Per piece: the probability of keeping it in Walker's alias table, and its alias. */
    private final double[] keep;
    private final int[] alias;
    /** Per strip: the envelope's height and the squeeze. */
    private final double[] height;
    private final double[] squeeze;
    /** Per strip of a plain table: its left end e^l_i and its width. */
    private final double[] edge;
    private final double[] width;

    /** A table for plain variates ({@link #next}); shape ≥ {@value #PLAIN_MIN_SHAPE}. */
    static GammaTable plain(double shape) {
        return new GammaTable(shape, DROP, true);
    }

    /** A table for the logarithms of the variates ({@link #nextLog}), any shape > 0. */
    static GammaTable log(double shape) {
        return new GammaTable(shape, DROP, false);
    }

    /** {@code drop}: where the tails start; a small one makes tails frequent (for tests). */
    GammaTable(double shape, double drop, boolean plain) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("shape must be > 0, got " + shape);
        }
        if (plain && shape < PLAIN_MIN_SHAPE) {
            throw new IllegalArgumentException("a plain table needs shape >= " + PLAIN_MIN_SHAPE + ", got " + shape);
        }
        if (!(drop > 0)) {
            throw new IllegalArgumentException("drop must be > 0, got " + drop);
        }
        this.a = shape;
        this.plain = plain;
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
        if (plain && !(left > -700)) {
            throw new IllegalArgumentException("shape " + shape + " with drop " + drop
                    + ": the strips of a plain table would start below the smallest double");
        }
        this.lo = left;
        this.h = (right - left) / STRIPS;
        double hi = left + STRIPS * h;
        this.xh = Math.exp(hi);
        this.logXh = hi;
        this.rightRate = a <= 1 ? 1 : 1 - (a - 1) / xh;
        this.pieces = STRIPS + 2;
        this.keep = new double[pieces];
        this.alias = new int[pieces];
        this.height = new double[STRIPS];
        this.squeeze = new double[STRIPS];
        this.edge = plain ? new double[STRIPS] : null;
        this.width = plain ? new double[STRIPS] : null;
        double[] area = new double[pieces];
        for (int i = 0; i < STRIPS; i++) {
            double l0 = lo + i * h;
            double l1 = lo + (i + 1) * h;
            double top0;
            double top1;
            double peak;
            double size;
            if (plain) {
                double x0 = Math.exp(l0);
                double x1 = Math.exp(l1);
                edge[i] = x0;
                width[i] = x1 - x0;
                top0 = Math.exp(logPlainDensity(x0));
                top1 = Math.exp(logPlainDensity(x1));
                peak = a > 1 && x0 <= a - 1 && a - 1 <= x1 ? Math.exp(logPlainDensity(a - 1)) : Math.max(top0, top1);
                size = width[i];
            } else {
                top0 = Math.exp(logDensity(l0));
                top1 = Math.exp(logDensity(l1));
                peak = l0 <= mode && mode <= l1 ? Math.exp(top) : Math.max(top0, top1);
                size = h;
            }
            this.height[i] = peak * WIDEN;
            this.squeeze[i] = Math.min(top0, top1) * NARROW;
            area[i] = this.height[i] * size;
        }
        area[STRIPS] = Math.exp(a * lo - offset) / a; // ∫_{−∞}^{lo} e^{a l} dl
        area[STRIPS + 1] = Math.exp((a - 1) * logXh - xh - offset) / rightRate; // ∫_{x_h}^∞ envelope dx
        buildAlias(area);
    }

    /** log of the density of X, x^(a−1)·e^(−x) (unnormalised). */
    private double logPlainDensity(double x) {
        return (a - 1) * Math.log(x) - x - offset;
    }

    private double logDensity(double l) {
        return a * l - Math.exp(l) - offset;
    }

    /** Walker's alias table (Vose's construction) over the piece areas. */
    private void buildAlias(double[] area) {
        double total = 0;
        for (double x : area) {
            total += x;
        }
        double[] scaled = new double[pieces];
        for (int i = 0; i < pieces; i++) {
            scaled[i] = area[i] / total * pieces;
        }
        AliasConstruction.build(scaled, keep, alias);
    }

    /**
     * One Gamma(a, 1) variate (a plain table). The likely case (a strip, accepted by its squeeze) is kept
     * small so that the JIT inlines it; everything else is {@link #nextRare}.
     */
    double next(UniformRandomProvider rng) {
        if (!plain) {
            throw new IllegalStateException("a log table draws logarithms: use nextLog");
        }
        int i = piece(rng);
        if (i < STRIPS) {
            double x = edge[i] + rng.nextDouble() * width[i];
            double y = rng.nextDouble() * height[i];
            if (y <= squeeze[i]) {
                return x;
            }
            return nextRare(rng, i, x, y);
        }
        return nextRare(rng, i, 0, 0);
    }

    /** Finishes the proposal of piece i (point x and height y for a strip), then fresh proposals. */
    private double nextRare(UniformRandomProvider rng, int piece, double point, double level) {
        int i = piece;
        double x = point;
        double y = level;
        for (;;) {
            if (i < STRIPS) {
                if (y <= squeeze[i] || y <= Math.exp(logPlainDensity(x))) {
                    return x;
                }
            } else if (i == STRIPS) {
                double l = leftTail(rng);
                if (!Double.isNaN(l)) {
                    return Math.exp(l);
                }
            } else {
                double r = rightTail(rng);
                if (!Double.isNaN(r)) {
                    return r;
                }
            }
            i = piece(rng);
            if (i < STRIPS) {
                x = edge[i] + rng.nextDouble() * width[i];
                y = rng.nextDouble() * height[i];
            }
        }
    }

    /** log of one Gamma(a, 1) variate (a log table), finite for every shape (no underflow in the left tail). */
    double nextLog(UniformRandomProvider rng) {
        if (plain) {
            throw new IllegalStateException("a plain table draws variates: use next");
        }
        for (;;) {
            int i = piece(rng);
            if (i < STRIPS) {
                double l = lo + (i + rng.nextDouble()) * h;
                double y = rng.nextDouble() * height[i];
                if (y <= squeeze[i] || y <= Math.exp(logDensity(l))) {
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

    private int piece(UniformRandomProvider rng) {
        int i = (int) (rng.nextDouble() * pieces);
        int other = alias[i];
        // a select, not a branch: the outcome is a coin flip that no predictor learns
        return rng.nextDouble() < keep[i] ? i : other;
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

package io.plate.distributions.impl;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Gamma(shape, 1) variates by Marsaglia and Tsang (2000, "A simple method for generating gamma
 * variables"), with the boost {@code Gamma(a) = Gamma(a + 1) · U^(1/a)} for shapes below 1, and its
 * log-space form {@code log Gamma(a) = log Gamma(a + 1) + log(U)/a}, where {@code −log U} is drawn
 * directly as an exponential by {@link ExponentialZiggurat} (no logarithm). The log form stays finite
 * for shapes far below 1, where the variate itself underflows to 0 (shape 1e-3: about half of the
 * draws are below 1e-300). Normals come from {@link Ziggurat}.
 *
 * <p>Stateless; the one-shot methods recompute {@code d = a − 1/3} and {@code c = 1/√(9d)} per call,
 * {@link Bound} precomputes them, and a bound plain (not log) draw below shape 0.5 uses
 * {@link SmallShapeGamma}, which is cheaper there once its constants are precomputed.
 */
public final class MarsagliaTsang {
    private MarsagliaTsang() {
    }

    /** One Gamma(shape, 1) draw. */
    public static double next(UniformRandomProvider rng, double shape) {
        if (shape >= 1) {
            double d = shape - 1.0 / 3;
            return core(rng, d, 1 / Math.sqrt(9 * d));
        }
        double d = shape + 2.0 / 3;
        double g = core(rng, d, 1 / Math.sqrt(9 * d));
        return g * Math.exp(-ExponentialZiggurat.next(rng) / shape);
    }

    /** log of one Gamma(shape, 1) draw; finite for every shape > 0. */
    public static double nextLog(UniformRandomProvider rng, double shape) {
        if (shape >= 1) {
            double d = shape - 1.0 / 3;
            return logCore(rng, d, 1 / Math.sqrt(9 * d), Math.log(d));
        }
        double d = shape + 2.0 / 3;
        return logCore(rng, d, 1 / Math.sqrt(9 * d), Math.log(d)) - ExponentialZiggurat.next(rng) / shape;
    }

    /**
     * d·v³ for d = a − 1/3 >= 2/3 and c = 1/√(9d). The first proposal with its squeeze test (accepted
     * about 98% of the time) is kept small so that the JIT inlines it; the rest is {@link #coreSlow}.
     */
    static double core(UniformRandomProvider rng, double d, double c) {
        double x = Ziggurat.next(rng);
        double v = 1 + c * x;
        if (v > 0) {
            v = v * v * v;
            double u = Uniforms.openClosed(rng);
            double x2 = x * x;
            if (u < 1 - 0.0331 * x2 * x2) {
                return d * v;
            }
            if (Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
        return coreSlow(rng, d, c);
    }

    /** The rejection loop after a first proposal was refused: fresh proposals until one is accepted. */
    private static double coreSlow(UniformRandomProvider rng, double d, double c) {
        for (;;) {
            double x;
            double v;
            do {
                x = Ziggurat.next(rng);
                v = 1 + c * x;
            } while (v <= 0);
            v = v * v * v;
            double u = Uniforms.openClosed(rng);
            double x2 = x * x;
            if (u < 1 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }

    /** log(d·v³) = log d + 3 log(1 + c x), the same draw as {@link #core} in log space. */
    static double logCore(UniformRandomProvider rng, double d, double c, double logD) {
        double x = Ziggurat.next(rng);
        double v1 = 1 + c * x;
        if (v1 > 0) {
            double u = Uniforms.openClosed(rng);
            double x2 = x * x;
            if (u < 1 - 0.0331 * x2 * x2) {
                return logD + 3 * Math.log(v1);
            }
            double logV = 3 * Math.log(v1);
            if (Math.log(u) < 0.5 * x2 + d * (1 - v1 * v1 * v1 + logV)) {
                return logD + logV;
            }
        }
        return logCoreSlow(rng, d, c, logD);
    }

    private static double logCoreSlow(UniformRandomProvider rng, double d, double c, double logD) {
        for (;;) {
            double x;
            double v1;
            do {
                x = Ziggurat.next(rng);
                v1 = 1 + c * x;
            } while (v1 <= 0);
            double v = v1 * v1 * v1;
            double u = Uniforms.openClosed(rng);
            double x2 = x * x;
            if (u < 1 - 0.0331 * x2 * x2) {
                return logD + 3 * Math.log(v1);
            }
            double logV = 3 * Math.log(v1);
            if (Math.log(u) < 0.5 * x2 + d * (1 - v + logV)) {
                return logD + logV;
            }
        }
    }

    /** A Gamma(shape, 1) generator with its constants precomputed (for bound samplers and Dirichlet components). */
    static final class Bound {
        final double shape;
        final double d;
        final double c;
        final double logD;
        final double inverseShape;
        final boolean boosted;
        final SmallShapeGamma small;

        Bound(double shape) {
            this.small = shape < SmallShapeGamma.BELOW ? new SmallShapeGamma(shape) : null;
            this.shape = shape;
            this.boosted = shape < 1;
            this.d = (boosted ? shape + 1 : shape) - 1.0 / 3;
            this.c = 1 / Math.sqrt(9 * d);
            this.logD = Math.log(d);
            this.inverseShape = 1 / shape;
        }

        double next(UniformRandomProvider rng) {
            if (small != null) {
                return small.next(rng);
            }
            double g = core(rng, d, c);
            return boosted ? g * Math.exp(-ExponentialZiggurat.next(rng) * inverseShape) : g;
        }

        double nextLog(UniformRandomProvider rng) {
            double lg = logCore(rng, d, c, logD);
            return boosted ? lg - ExponentialZiggurat.next(rng) * inverseShape : lg;
        }
    }
}

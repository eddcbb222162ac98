package io.plate.distributions.impl;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Standard exponential variates by the ziggurat method (Marsaglia and Tsang 2000, 256 layers), in the
 * same table form as {@link Ziggurat}: one 64-bit draw gives the layer (low 8 bits) and an independent
 * uniform (high 53 bits); about 99% of draws return after one multiply and one compare, so an
 * exponential costs a fraction of {@code −log(U)}. The tail beyond R is R plus a fresh exponential
 * (memorylessness). Stateless.
 */
public final class ExponentialZiggurat {
    private static final int LAYERS = 256;
    private static final double R = 7.69711747013104972;
    private static final double V = 3.949659822581572e-3;
    private static final double[] X = new double[LAYERS + 1];
    private static final double[] RATIO = new double[LAYERS];

    static {
        X[0] = V / Math.exp(-R);
        X[1] = R;
        for (int i = 2; i < LAYERS; i++) {
            X[i] = -Math.log(V / X[i - 1] + Math.exp(-X[i - 1]));
        }
        X[LAYERS] = 0;
        for (int i = 0; i < LAYERS; i++) {
            RATIO[i] = X[i + 1] / X[i];
        }
    }

    private ExponentialZiggurat() {
    }

    /** One Exp(1) draw. The common case is kept small so that the JIT always inlines it. */
    public static double next(UniformRandomProvider rng) {
        long bits = rng.nextLong();
        int i = (int) bits & (LAYERS - 1);
        double u = (bits >>> 11) * 0x1.0p-53; // [0, 1)
        if (u < RATIO[i]) {
            return u * X[i];
        }
        return edge(rng, i, u);
    }

    /** The rare case (about 1%): a wedge test or the tail, then fresh draws until one is accepted. */
    private static double edge(UniformRandomProvider rng, int layer, double uniform) {
        int i = layer;
        double u = uniform;
        double shift = 0;
        for (;;) {
            if (u < RATIO[i]) {
                return shift + u * X[i];
            }
            if (i == 0) {
                shift += R; // the tail: R + Exp(1)
            } else {
                double x = u * X[i];
                double f0 = Math.exp(x - X[i]);
                double f1 = Math.exp(x - X[i + 1]);
                if (f1 + rng.nextDouble() * (f0 - f1) < 1.0) {
                    return shift + x;
                }
            }
            long bits = rng.nextLong();
            i = (int) bits & (LAYERS - 1);
            u = (bits >>> 11) * 0x1.0p-53;
        }
    }
}

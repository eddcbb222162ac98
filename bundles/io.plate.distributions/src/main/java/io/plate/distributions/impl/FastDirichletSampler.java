package io.plate.distributions.impl;

import io.plate.api.sample.VectorSampler;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Dirichlet(α) bound to a generator. When every α_i >= {@value FastDistributions#LOG_SPACE_BELOW} the
 * gammas are normalised directly (a sum that underflows, probability below 1e-30, sends that vector to
 * the log-space path); otherwise every component is drawn as a log-gamma (see {@link MarsagliaTsang#nextLog}) and the vector is
 * normalised with a log-sum-exp, so even α ~ 1e-3 gives a valid simplex point: the largest
 * component is exp(0) before normalisation, never NaN, never an all-zero vector.
 */
final class FastDirichletSampler implements VectorSampler {
    private final UniformRandomProvider rng;
    private final MarsagliaTsang.Bound[] gammas;
    private final boolean logSpace;

    FastDirichletSampler(UniformRandomProvider rng, double[] alpha) {
        this.rng = rng;
        this.gammas = new MarsagliaTsang.Bound[alpha.length];
        boolean tiny = false;
        for (int i = 0; i < alpha.length; i++) {
            gammas[i] = new MarsagliaTsang.Bound(alpha[i]);
            tiny |= alpha[i] < FastDistributions.LOG_SPACE_BELOW;
        }
        this.logSpace = tiny;
    }

    @Override
    public int dimension() {
        return gammas.length;
    }

    @Override
    public void sample(double[] out) {
        int k = gammas.length;
        if (!logSpace) {
            double sum = 0;
            for (int i = 0; i < k; i++) {
                double g = gammas[i].next(rng);
                out[i] = g;
                sum += g;
            }
            if (sum >= Double.MIN_NORMAL) { // fails with probability < 1e-30: redraw that vector in log space
                double inv = 1 / sum;
                for (int i = 0; i < k; i++) {
                    out[i] *= inv;
                }
                return;
            }
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            double lg = gammas[i].nextLog(rng);
            out[i] = lg;
            if (lg > max) {
                max = lg;
            }
        }
        FastDistributions.normaliseLogInPlace(out, 0, k, max);
    }
}

package io.plate.sampler.sparse.impl;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Forward simulation of the sparse-prior model for one cell, written from the model's definition
 * (independently of the samplers): p ~ Beta(a, b), Z_j ~ Bernoulli(p) restricted to Z ≠ ∅ (by
 * rejection: redraw Z until some Z_j = 1), μ_j ~ Gamma(α_j, 1), θ = μZ / ΣμZ, and N categorical draws
 * from θ.
 */
final class Forward {
    private static final TestDistributions DIST = new TestDistributions();

    double p;
    final int[] z;
    final double[] mu;
    final double[] theta;
    final int[] counts;

    Forward(int categories) {
        z = new int[categories];
        mu = new double[categories];
        theta = new double[categories];
        counts = new int[categories];
    }

    void drawParameters(double[] alpha, double a, double b, UniformRandomProvider rng) {
        p = DIST.nextBeta(rng, a, b);
        int k = 0;
        while (k == 0) {
            for (int j = 0; j < z.length; j++) {
                z[j] = rng.nextDouble() < p ? 1 : 0;
                k += z[j];
            }
        }
        for (int j = 0; j < z.length; j++) {
            mu[j] = DIST.nextGamma(rng, alpha[j], 1);
        }
        thetaFromMu();
    }

    void thetaFromMu() {
        double s = 0;
        int k = 0;
        for (int j = 0; j < z.length; j++) {
            s += z[j] * mu[j];
            k += z[j];
        }
        for (int j = 0; j < z.length; j++) {
            theta[j] = z[j] * mu[j] / s;
        }
    }

    /** θ ~ Dirichlet(α_Z + extra) on the active set. */
    void thetaFromDirichlet(double[] alpha, int[] extra, UniformRandomProvider rng) {
        double s = 0;
        int k = 0;
        for (int j = 0; j < z.length; j++) {
            if (z[j] != 0) {
                theta[j] = DIST.nextGamma(rng, alpha[j] + extra[j], 1);
                s += theta[j];
                k++;
            }
        }
        for (int j = 0; j < z.length; j++) {
            theta[j] = z[j] != 0 ? theta[j] / s : 0;
        }
    }

    void drawData(int n, UniformRandomProvider rng) {
        java.util.Arrays.fill(counts, 0);
        for (int r = 0; r < n; r++) {
            double u = rng.nextDouble();
            int j = 0;
            while (j < theta.length - 1 && (u -= theta[j]) >= 0) {
                j++;
            }
            counts[j]++;
        }
    }
}

package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.distributions.density.DirichletMultinomialDensity;
import io.plate.distributions.impl.FastDistributions;
import io.plate.distributions.numerics.LogMath;
import io.plate.distributions.numerics.SpecialFunctions;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The collapsed and the uncollapsed multinomial mixture samplers agree in distribution: on eight small
 * documents and K = 2, both chains' estimates of every co-assignment probability P(z_i = z_j | x) and
 * of P(one cluster | x) match the exact posterior, enumerated over all 2^8 assignments with the
 * Dirichlet-multinomial marginal of the distributions bundle (independent of the component code).
 *
 * <p>Each estimate is compared with |estimate − exact| < 4.5 standard errors (batch means over 40
 * batches); over 29 statistics per sampler the false-failure rate is below 29 × 6.8e-6 ≈ 2e-4.
 */
class ExactPosteriorTest {
    static final int[][] DOCS = {
        {4, 1, 0, 0}, {3, 2, 0, 1}, {5, 0, 1, 0}, {0, 1, 4, 2}, {1, 0, 3, 3}, {0, 0, 2, 5}, {2, 2, 1, 1}, {1, 3, 1, 0}};
    static final int K = 2;
    static final double ALPHA = 1.0;
    static final double BETA = 0.5;
    static final int SWEEPS = 40_000;

    /** Exact pair co-assignment probabilities (upper triangle) and P(one cluster), last entry. */
    static double[] exact() {
        int n = DOCS.length;
        int v = DOCS[0].length;
        DirichletMultinomialDensity dm = DirichletMultinomialDensity.symmetric(v, BETA);
        int states = 1 << n;
        double[] logp = new double[states];
        for (int s = 0; s < states; s++) {
            int[][] pooled = new int[K][v];
            int[] m = new int[K];
            for (int d = 0; d < n; d++) {
                int k = (s >> d) & 1;
                m[k]++;
                for (int w = 0; w < v; w++) {
                    pooled[k][w] += DOCS[d][w];
                }
            }
            double lp = SpecialFunctions.logGamma(K * ALPHA) - SpecialFunctions.logGamma(n + K * ALPHA);
            for (int k = 0; k < K; k++) {
                lp += SpecialFunctions.logGamma(m[k] + ALPHA) - SpecialFunctions.logGamma(ALPHA);
                if (m[k] > 0) {
                    lp += dm.logSequenceProbability(pooled[k]);
                }
            }
            logp[s] = lp;
        }
        LogMath.normalizeLog(logp);
        double[] out = new double[n * (n - 1) / 2 + 1];
        for (int s = 0; s < states; s++) {
            double p = Math.exp(logp[s]);
            int[] z = new int[n];
            for (int d = 0; d < n; d++) {
                z[d] = (s >> d) & 1;
            }
            accumulate(z, out, p);
        }
        return out;
    }

    static void accumulate(int[] z, double[] out, double weight) {
        int n = z.length;
        int i = 0;
        boolean one = true;
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                if (z[a] == z[b]) {
                    out[i] += weight;
                } else {
                    one = false;
                }
                i++;
            }
        }
        if (one) {
            out[i] += weight;
        }
    }

    static double worstZ(String what, MixtureChain chain, UniformRandomProvider rng, double[] exact) {
        int stats = exact.length;
        int batches = 40;
        int size = SWEEPS / batches;
        double[][] batchMeans = new double[batches][stats];
        double[] one = new double[stats];
        for (int b = 0; b < batches; b++) {
            for (int t = 0; t < size; t++) {
                chain.sweep(rng);
                java.util.Arrays.fill(one, 0);
                accumulate(chain.assignments(), one, 1.0);
                for (int s = 0; s < stats; s++) {
                    batchMeans[b][s] += one[s] / size;
                }
            }
        }
        StringBuilder report = new StringBuilder();
        double worst = 0;
        for (int s = 0; s < stats; s++) {
            double mean = 0;
            for (double[] bm : batchMeans) {
                mean += bm[s] / batches;
            }
            double var = 0;
            for (double[] bm : batchMeans) {
                var += (bm[s] - mean) * (bm[s] - mean) / (batches - 1);
            }
            double se = Math.sqrt(var / batches);
            double z = (mean - exact[s]) / Math.max(se, 1e-4);
            worst = Math.max(worst, Math.abs(z));
            report.append(String.format(java.util.Locale.ROOT, "%d: exact %.4f, %s %.4f, z %.2f%n", s, exact[s], what,
                    mean, z));
        }
        System.out.println(what + "\n" + report);
        return worst;
    }

    @Test
    void collapsedAndUncollapsedSamplersMatchTheExactPosterior() {
        FastDistributions dist = new FastDistributions();
        double[] exact = exact();
        ChainSettings settings = new ChainSettings(K, Initialisation.RANDOM, 1, 0, null);
        UniformRandomProvider rng = dist.stream(21, 0);
        MultinomialComponents data = new MultinomialComponents(ComponentsTest.counts(DOCS), BETA);
        assertTrue(worstZ("collapsed", new FiniteMixtureChain(data, ALPHA, settings, dist, rng), rng, exact) < 4.5);
        UniformRandomProvider rngGibbs = dist.stream(24, 0);
        MultinomialComponents gibbs = new MultinomialComponents(ComponentsTest.counts(DOCS), BETA);
        assertTrue(worstZ("collapsed, plain Gibbs rows", new FiniteMixtureChain(gibbs, ALPHA,
                settings.withRowUpdate(RowUpdate.GIBBS), dist, rngGibbs), rngGibbs, exact) < 4.5);
        UniformRandomProvider rng2 = dist.stream(22, 0);
        MultinomialComponents data2 = new MultinomialComponents(ComponentsTest.counts(DOCS), BETA);
        assertTrue(worstZ("uncollapsed", new UncollapsedMultinomialChain(data2, ALPHA, BETA, false, settings, dist, rng2),
                rng2, exact) < 4.5);
    }

    @Test
    void aWrongConditionalFailsTheSameComparison() {
        FastDistributions dist = new FastDistributions();
        ChainSettings settings = new ChainSettings(K, Initialisation.RANDOM, 1, 0, null);
        UniformRandomProvider rng = dist.stream(23, 0);
        MultinomialComponents data = new MultinomialComponents(ComponentsTest.counts(DOCS), BETA);
        MixtureChain wrong = new FiniteMixtureChain(data, ALPHA,
                settings.withRowUpdate(GewekeTest.tempered(RowUpdate.METROPOLISED)), Geweke.tempered(dist), rng);
        assertTrue(worstZ("tempered (wrong)", wrong, rng, exact()) >= 4.5);
        UniformRandomProvider rng2 = dist.stream(25, 0);
        MultinomialComponents data2 = new MultinomialComponents(ComponentsTest.counts(DOCS), BETA);
        MixtureChain unadjusted = new FiniteMixtureChain(data2, ALPHA, settings.withRowUpdate(GewekeTest.UNADJUSTED),
                dist, rng2);
        assertTrue(worstZ("Metropolised rows without the acceptance test (wrong)", unadjusted, rng2, exact()) >= 4.5);
    }
}

package io.plate.distributions.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Negative controls: the goodness-of-fit machinery of {@link UnivariateGoodnessOfFitTest} and the moment
 * checks of {@link MultivariateMomentsTest}, with the same draw counts, must refuse deliberately wrong
 * samplers, or passing them would prove nothing.
 */
class NegativeControlTest {
    private static final int N = 20_000;

    @Test
    void aGammaWithAShapeTwoPercentOffIsRefused() {
        UniformRandomProvider rng = Providers.rng(7);
        FastDistributions d = new FastDistributions();
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = d.nextGamma(rng, 4.5 * 1.08, 1);
        }
        GammaDistribution ref = new GammaDistribution(4.5, 1);
        double p = GoodnessOfFit.continuous(x, ref::cumulativeProbability, 50);
        assertTrue(p < GoodnessOfFit.ALPHA, "p = " + p);
    }

    @Test
    void tinyShapeLogGammaWithoutTheBoostTermIsRefused() {
        // log Gamma(a + 1) alone (forgetting + log(U)/a) is a different distribution
        UniformRandomProvider rng = Providers.rng(8);
        double a = 0.01;
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = MarsagliaTsang.nextLog(rng, a + 1);
        }
        double p = GoodnessOfFit.continuous(x, t -> UnivariateGoodnessOfFitTest.logGammaCdf(a, t), 50);
        assertTrue(p < GoodnessOfFit.ALPHA, "p = " + p);
    }

    @Test
    void anInverseWishartThatInvertsAWishartOfPsiInsteadOfPsiInverseIsRefused() {
        // the classic mistake: inverse of Wishart(df, Psi) rather than of Wishart(df, Psi^-1)
        double[][] psi = {{2, 0.5, 0.1}, {0.5, 1, -0.3}, {0.1, -0.3, 1.5}};
        double df = 14;
        int p = 3;
        var wishart = new FastDistributions().wishart(Providers.rng(10), df, psi);
        int n = 20_000;
        double[] f = new double[n];
        for (int r = 0; r < n; r++) {
            f[r] = io.plate.distributions.numerics.CholeskyFactor.of("w", wishart.sample()).inverse()[0][0];
        }
        org.junit.jupiter.api.Assertions.assertThrows(org.opentest4j.AssertionFailedError.class,
                () -> MultivariateMomentsTest.assertExpectation("wrong inverse-Wishart", f, psi[0][0] / (df - p - 1)));
    }

    @Test
    void aBinomialWithPOffByTwoPointsIsRefused() {
        UniformRandomProvider rng = Providers.rng(9);
        int[] x = new int[N];
        for (int i = 0; i < N; i++) {
            x[i] = BinomialKernel.next(rng, 100, 0.52);
        }
        BinomialDistribution ref = new BinomialDistribution(100, 0.5);
        double p = GoodnessOfFit.discrete(x, ref::probability, 0, 100);
        assertTrue(p < GoodnessOfFit.ALPHA, "p = " + p);
    }
}

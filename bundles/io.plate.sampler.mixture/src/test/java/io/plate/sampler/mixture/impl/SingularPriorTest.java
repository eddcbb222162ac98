package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.ChainRunnerPool;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A Gaussian prior scale matrix the data cannot carry (collinear columns, two rows, a vanishing
 * prior_scale) is refused in one line that names the columns or the parameter, before any chain starts;
 * one that loses positive definiteness mid-run in floating point is a one-line PlateException naming the
 * sampler and the cluster.
 */
class SingularPriorTest {
    private static final ChainRunnerPool RUNNER = ChainRunnerPool.over(SyntheticData.DIST);

    @AfterAll
    static void stop() {
        RUNNER.close();
    }

    /** A runner that fails the test if a chain is ever asked for: the refusal must come first. */
    private static final ChainRunner NEVER = (ChainRunner) Proxy.newProxyInstance(SingularPriorTest.class.getClassLoader(),
            new Class<?>[] {ChainRunner.class}, (p, m, a) -> {
                throw new AssertionError("sampling started: " + m.getName());
            });

    /** Columns a and c independent normals, b = 2a + 1 exactly: b is a linear function of a, not of c. */
    private static Dataset collinear() {
        SplittableRandom rng = new SplittableRandom(3);
        double[] a = new double[40];
        double[] b = new double[40];
        double[] c = new double[40];
        for (int r = 0; r < 40; r++) {
            a[r] = rng.nextDouble();
            c[r] = rng.nextDouble();
            b[r] = 2 * a[r] + 1;
        }
        return Dataset.builder("col").numeric(NumericColumn.of("a", a)).numeric(NumericColumn.of("c", c))
                .numeric(NumericColumn.of("b", b)).build();
    }

    private static String refusal(Sampler s, Dataset d, Map<String, String> params) {
        PlateException e = assertThrows(PlateException.class,
                () -> s.run(d, s.params(params), RecoveryTest.SHORT, null, null));
        return e.getMessage();
    }

    @Test
    void collinearColumnsAreNamedBeforeAnyChainStarts() {
        String expected = ": column b (a linear function of a) makes the data covariance singular: drop it (import with"
                + " --ignore b) or use covariance=diag";
        Sampler finite = new GaussianMixtureSampler(NEVER, SyntheticData.DIST);
        assertEquals("mixture.gaussian" + expected, refusal(finite, collinear(), Map.of("k", "2")));
        assertEquals("mixture.gaussian" + expected,
                refusal(finite, collinear(), Map.of("k", "2", "collapsed", "false")));
        Sampler dp = new DpGaussianMixtureSampler(NEVER, SyntheticData.DIST);
        assertEquals("mixture.dp-gaussian" + expected, refusal(dp, collinear(), Map.of()));
        // two rows in two columns: the covariance has rank one, and no column to drop would mend it (100 rows
        // of 200 columns listed all 100 first columns as "collinear; drop one of them")
        Dataset two = Dataset.builder("two").numeric(NumericColumn.of("a", new double[] {1, 3}))
                .numeric(NumericColumn.of("b", new double[] {2, 5})).build();
        assertEquals("mixture.gaussian: a full covariance needs more rows than columns; the data have 2 rows and 2"
                + " columns: use covariance=diag, or fewer columns", refusal(finite, two, Map.of("k", "2")));
        // the fix the message offers runs
        Sampler real = new GaussianMixtureSampler(RUNNER, SyntheticData.DIST);
        assertTrue(real.run(collinear(), real.params(Map.of("k", "2", "covariance", "diag")), RecoveryTest.SHORT, null,
                null).clustering().isPresent());
        Dataset three = Dataset.builder("three").numeric(NumericColumn.of("a", new double[] {1, 3, 4}))
                .numeric(NumericColumn.of("b", new double[] {2, 5, 1})).build();
        assertTrue(real.run(three, real.params(Map.of("k", "2")), RecoveryTest.SHORT, null, null).clustering()
                .isPresent(), "three rows of two columns are enough");
    }

    /**
     * Two redundant columns (make_classification's n_redundant=2): both are named at once with their fits, so
     * that one edit of the data suffices (it named the first, then after a new import the second).
     */
    @Test
    void everyRedundantColumnIsNamedAtOnceWithItsFit() {
        SplittableRandom rng = new SplittableRandom(5);
        int n = 60;
        double[][] v = new double[5][n];
        for (int r = 0; r < n; r++) {
            v[0][r] = rng.nextDouble();
            v[1][r] = rng.nextDouble();
            v[2][r] = v[0][r] - 3 * v[1][r]; // r1 = a - 3b
            v[3][r] = rng.nextDouble();
            v[4][r] = 0.5 * v[3][r] + 2 * v[0][r] + 7; // r 2 = 0.5c + 2a + 7
        }
        String[] names = {"a", "b", "r1", "c", "r 2"};
        Dataset.Builder b = Dataset.builder("red");
        for (int j = 0; j < 5; j++) {
            b.numeric(NumericColumn.of(names[j], v[j]));
        }
        Sampler finite = new GaussianMixtureSampler(NEVER, SyntheticData.DIST);
        assertEquals("mixture.gaussian: columns r1 (a linear function of a, b) and r 2 (of a, c) make the data"
                + " covariance singular: drop them (import with --ignore 'r1,r 2') or use covariance=diag",
                refusal(finite, b.build(), Map.of("k", "2")));
        // the fix the message offers runs
        Dataset.Builder kept = Dataset.builder("kept");
        for (int j : new int[] {0, 1, 3}) {
            kept.numeric(NumericColumn.of(names[j], v[j]));
        }
        Sampler real = new GaussianMixtureSampler(RUNNER, SyntheticData.DIST);
        assertTrue(real.run(kept.build(), real.params(Map.of("k", "2")), RecoveryTest.SHORT, null, null).clustering()
                .isPresent());
    }

    @Test
    void aVanishingOrOverflowingPriorScaleIsNamed() {
        Sampler finite = new GaussianMixtureSampler(NEVER, SyntheticData.DIST);
        Dataset d = SyntheticData.gaussians(60, RecoveryTest.MEANS, RecoveryTest.CHOL,
                new double[] {0.3, 0.3, 0.4}, 8);
        // nu0 = d + 2 = 4: 1e-300 * 4 is far below 1e-10, 1e300 * 4 * a variance of ~1e9 overflows
        String small = refusal(finite, d, Map.of("k", "3", "prior_scale", "1e-300"));
        // in the form of every parameter's refusal, the value as typed (it said "mixture.gaussian: prior_scale = 1.0E-300 is")
        assertTrue(small.startsWith("parameter 'prior_scale' = '1e-300': too small: nu0 * prior_scale = "), small);
        assertTrue(small.contains(" is below 1.0E-10"), small);
        assertTrue(small.endsWith("use prior_scale >= 2.6e-11"), small);
        Dataset wide = Dataset.builder("wide").numeric(NumericColumn.of("x", new double[] {0, 1e5, -1e5, 3e4}))
                .numeric(NumericColumn.of("y", new double[] {1, 0, 2, 5})).build();
        String large = refusal(finite, wide, Map.of("k", "2", "prior_scale", "1e300"));
        assertEquals("parameter 'prior_scale' = '1e300': too large: nu0 * prior_scale * the data covariance of"
                + " columns x, x overflows", large);
    }

    /** nu0 at the Inverse-Wishart's bound d - 1 (d = 2 here) is refused in the form of every parameter, as typed. */
    @Test
    void aNu0AtOrBelowDMinusOneIsRefusedAsTheOtherParametersAre() {
        Dataset three = Dataset.builder("three").numeric(NumericColumn.of("a", new double[] {1, 3, 4}))
                .numeric(NumericColumn.of("b", new double[] {2, 5, 1})).build();
        for (Sampler s : List.of(new GaussianMixtureSampler(NEVER, SyntheticData.DIST),
                new DpGaussianMixtureSampler(NEVER, SyntheticData.DIST))) {
            assertEquals("parameter 'nu0' = '1': must be > 1 (d - 1 for covariance=full, with d = 2 numeric columns)",
                    refusal(s, three, Map.of("nu0", "1")));
            assertEquals("parameter 'nu0' = '0.50': must be > 1 (d - 1 for covariance=full, with d = 2 numeric columns)",
                    refusal(s, three, Map.of("nu0", "0.50")));
        }
    }

    @Test
    void aKappa0OutsideTheDoublesIsNamedNotBlamedOnThePriorScale() {
        // kappa0 = 1e-320 (subnormal) and 1e308 made a slot's scale matrix NaN, and the message advised prior_scale
        for (Sampler s : List.of(new GaussianMixtureSampler(NEVER, SyntheticData.DIST),
                new DpGaussianMixtureSampler(NEVER, SyntheticData.DIST))) {
            for (String k : List.of("1e-320", "1e308")) {
                PlateException e = assertThrows(PlateException.class, () -> s.params(Map.of("kappa0", k)));
                assertTrue(e.getMessage().contains("kappa0") && !e.getMessage().contains("prior_scale"), e.getMessage());
            }
            assertEquals(1e-6, s.params(Map.of("kappa0", "1e-6")).getDouble("kappa0"));
        }
    }

    @Test
    void aConcentrationPriorBeyondTheDoublesNamesBothParameters() {
        // Gamma(1e-300, rate 1e300) has mean 1e-600, below the least double (4.9e-324): every draw is 0.
        // alpha_shape + k - 1 once rounded to 0 and failed as 'shape must be > 0 and finite, got 0.0'
        Sampler dp = new DpGaussianMixtureSampler(RUNNER, SyntheticData.DIST);
        Dataset d = SyntheticData.gaussians(60, RecoveryTest.MEANS, RecoveryTest.CHOL, new double[] {0.3, 0.3, 0.4}, 8);
        String m = refusal(dp, d, Map.of("alpha_shape", "1e-300", "alpha_rate", "1e300"));
        assertTrue(m.startsWith("mixture.dp-gaussian: the DP concentration drawn from Gamma(alpha_shape + "), m);
        assertTrue(m.contains("alpha_shape = 1.0E-300 and alpha_rate = 1.0E300 put it outside the range of a double"), m);
        // diagonal Gaussians: b0 = nu0 / 2 * prior_scale * variance underflows to 0 for a variance of 1.7e-30
        Dataset tiny = Dataset.builder("tiny").numeric(NumericColumn.of("x", new double[] {0, 1e-15, -1e-15, 2e-15}))
                .build();
        Sampler finite = new GaussianMixtureSampler(NEVER, SyntheticData.DIST);
        String b0 = refusal(finite, tiny, Map.of("k", "2", "covariance", "diag", "prior_scale", "1e-300"));
        assertTrue(b0.startsWith("parameter 'prior_scale' = '1e-300': makes the prior scale b0 = nu0 / 2 *"
                + " prior_scale * variance of column 'x' 0.0"), b0);
    }

    @Test
    void aScaleMatrixThatLosesDefinitenessMidRunNamesItsCluster() {
        // psi0 = 1e-300 I (positive definite) and one row per cluster: the posterior scale matrix is
        // 1e-300 I plus a rank-one matrix, whose second Cholesky pivot is a rounding error of either sign
        SplittableRandom rng = new SplittableRandom(11);
        int failed = 0;
        for (int t = 0; t < 200; t++) {
            double[][] rows = {{rng.nextDouble(), rng.nextDouble()}, {2, 3}};
            FullGaussianComponents c = new FullGaussianComponents(NumericData.of(rows, List.of("a", "b")),
                    new double[] {0, 0}, 1.0, 2.0, new double[][] {{1e-300, 0}, {0, 1e-300}});
            c.ensureCapacity(1);
            c.add(0, 0);
            try {
                c.logPredictive(1, 0);
            } catch (SingularMatrixException e) {
                failed++;
                assertTrue(e.getMessage().startsWith("the scale matrix of cluster slot 0 (1 rows) is not positive"
                        + " definite in floating point (pivot 1 = "), e.getMessage());
                assertTrue(e.getMessage().endsWith("); a larger prior_scale keeps it away from singular"), e.getMessage());
            }
        }
        assertTrue(failed > 10, failed + " of 200 rank-one scale matrices failed");
    }
}

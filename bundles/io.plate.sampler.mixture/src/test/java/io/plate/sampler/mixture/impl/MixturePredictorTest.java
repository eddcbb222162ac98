package io.plate.sampler.mixture.impl;

import static org.apache.commons.math3.special.Gamma.logGamma;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.Params;
import io.plate.api.sample.ClusterPredictions;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.ChainRunnerPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The predictor against closed forms written out here from the textbook (Murphy 2007, "Conjugate Bayesian
 * analysis of the Gaussian distribution": the Normal-Gamma and Normal-Inverse-Wishart posterior predictive
 * Student-t; the Dirichlet-multinomial predictive of a categorical column): tiny data, three given partitions,
 * each new row's q_c = mean over draws of Σ_j p(j | x) |j ∩ c| / |j| and p_new, finite (with empty slots) and DP.
 */
class MixturePredictorTest {
    static final ChainRunnerPool RUNNER = ChainRunnerPool.over(SyntheticData.DIST);

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    // three stored partitions of six training rows, and the point estimate to map onto
    static final int[][] DRAWS = {{0, 0, 0, 1, 1, 2}, {0, 0, 0, 1, 1, 1}, {0, 1, 0, 1, 0, 1}};
    static final int[] ESTIMATE = {0, 0, 0, 1, 1, 2};
    static final double[] DP_ALPHAS = {0.7, 1.3, 2.0};

    /** log p(x | rows of one cluster), parameters integrated out; {@code rows} empty: the prior predictive. */
    interface Predictive {
        double log(int[] rows, int newRow);
    }

    /**
     * Expected q (rows × estimate clusters, then p_new in the last column) from the textbook predictive: finite K
     * (weights n_j + α, K − k empty slots of weight α each) or a DP (K = 0: n_j, and the draw's α for a new cluster).
     */
    static double[][] expected(Predictive pred, int newRows, int k, double alpha) {
        int c = ExpectedLoss.labels(ESTIMATE);
        double[][] q = new double[newRows][c + 1];
        for (int s = 0; s < DRAWS.length; s++) {
            int[] z = DRAWS[s];
            int used = ExpectedLoss.labels(z);
            double a = k == 0 ? DP_ALPHAS[s] : alpha;
            for (int i = 0; i < newRows; i++) {
                double[] w = new double[used + 1];
                for (int j = 0; j < used; j++) {
                    int[] rows = rowsOf(z, j);
                    w[j] = Math.exp(pred.log(rows, i)) * (k == 0 ? rows.length : rows.length + a);
                }
                w[used] = Math.exp(pred.log(new int[0], i)) * (k == 0 ? a : (k - used) * a);
                double total = 0;
                for (double v : w) {
                    total += v;
                }
                for (int j = 0; j < used; j++) {
                    int[] rows = rowsOf(z, j);
                    for (int r : rows) {
                        q[i][ESTIMATE[r]] += w[j] / total / rows.length / DRAWS.length;
                    }
                }
                q[i][c] += w[used] / total / DRAWS.length;
            }
        }
        return q;
    }

    static int[] rowsOf(int[] z, int j) {
        return java.util.stream.IntStream.range(0, z.length).filter(r -> z[r] == j).toArray();
    }

    static void assertMatches(double[][] want, ClusterPredictions got) {
        assertEquals(want.length, got.rows());
        for (int i = 0; i < want.length; i++) {
            double[] p = got.probabilities(i);
            double sum = got.newCluster(i);
            for (int c = 0; c < p.length; c++) {
                assertEquals(want[i][c], p[c], 1e-9, "row " + i + " cluster " + c);
                sum += p[c];
            }
            assertEquals(want[i][p.length], got.newCluster(i), 1e-9, "row " + i + " new cluster");
            assertEquals(1.0, sum, 1e-12);
        }
    }

    static <D> ClusterPredictions predict(Sampler s, MixtureModel<D> model, Dataset train, Dataset rows,
            Map<String, String> given, int k) {
        return predict(s, model, train, rows, given, k, Runtime.getRuntime().availableProcessors());
    }

    /** As above, the draws summed in {@code threads} blocks. */
    static <D> ClusterPredictions predict(Sampler s, MixtureModel<D> model, Dataset train, Dataset rows,
            Map<String, String> given, int k, int threads) {
        Params params = s.params(given);
        D shared = model.prepare().apply(train, params);
        List<MixturePredictor.Draw> draws = new ArrayList<>();
        for (int i = 0; i < DRAWS.length; i++) {
            draws.add(new MixturePredictor.Draw(DRAWS[i], k == 0 ? DP_ALPHAS[i] : params.getDouble("alpha")));
        }
        return new MixturePredictor<>(model, shared, params, draws, k, ESTIMATE).predict(rows, null, threads);
    }

    static final double[] X = {0.0, 0.5, 1.0, 5.0, 5.5, 9.0};
    static final double[] NEW = {0.2, 5.2, 20.0, Double.NaN};

    static Dataset numeric(String name, double[]... columns) {
        Dataset.Builder b = Dataset.builder(name);
        for (int j = 0; j < columns.length; j++) {
            b.numeric(NumericColumn.of("x" + j, columns[j]));
        }
        return b.build();
    }

    /** Normal-Gamma(μ0, κ0, a0, b0) posterior predictive: Student-t with 2a_n d.f., scale² b_n(κ_n+1)/(a_n κ_n). */
    static Predictive normalGamma(double[] x, double[] newX, double kappa0, double nu0, double scale) {
        double mu0 = mean(x);
        double a0 = nu0 / 2;
        double b0 = a0 * scale * variance(x);
        return (rows, i) -> {
            double v = newX[i];
            if (Double.isNaN(v)) {
                return 0; // a missing value integrates out
            }
            int n = rows.length;
            double sum = 0;
            for (int r : rows) {
                sum += x[r];
            }
            double xbar = n == 0 ? 0 : sum / n;
            double ss = 0;
            for (int r : rows) {
                ss += (x[r] - xbar) * (x[r] - xbar);
            }
            double kn = kappa0 + n;
            double mun = (kappa0 * mu0 + sum) / kn;
            double an = a0 + n / 2.0;
            double bn = b0 + ss / 2 + kappa0 * n * (xbar - mu0) * (xbar - mu0) / (2 * kn);
            double nu = 2 * an;
            double s2 = bn * (kn + 1) / (an * kn);
            double t = (v - mun) * (v - mun) / (nu * s2);
            return logGamma((nu + 1) / 2) - logGamma(nu / 2) - 0.5 * Math.log(nu * Math.PI * s2)
                    - (nu + 1) / 2 * Math.log1p(t);
        };
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    static double variance(double[] x) {
        double m = mean(x);
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return s / (x.length - 1);
    }

    /** The diagonal Gaussian finite mixture (K = 4, α = 0.8; κ0 0.5, ν0 4, scale 0.3) predicting NEW from X. */
    private static ClusterPredictions finiteDiagonal() {
        return finiteDiagonal(Runtime.getRuntime().availableProcessors());
    }

    private static ClusterPredictions finiteDiagonal(int threads) {
        Map<String, String> p = Map.of("k", "4", "alpha", "0.8", "covariance", "diag", "kappa0", "0.5", "nu0", "4",
                "prior_scale", "0.3");
        return predict(new GaussianMixtureSampler(RUNNER, SyntheticData.DIST), MixtureModel.gaussian(),
                numeric("train", X), numeric("new", NEW), p, 4, threads);
    }

    /** The draws cut into blocks summed on threads of their own, fewer blocks than draws or as many: each draw counted once. */
    @Test
    void anyNumberOfThreadsGivesTheSamePredictions() {
        for (int threads : new int[] {1, 2, 3, DRAWS.length, DRAWS.length + 5}) {
            assertMatches(expected(normalGamma(X, NEW, 0.5, 4, 0.3), NEW.length, 4, 0.8), finiteDiagonal(threads));
        }
    }

    @Test
    void diagonalGaussianFiniteWithAnEmptySlotMatchesTheStudentT() {
        ClusterPredictions got = finiteDiagonal();
        assertMatches(expected(normalGamma(X, NEW, 0.5, 4, 0.3), NEW.length, 4, 0.8), got);
        assertEquals(0, got.cluster(0));
        assertEquals(1, got.cluster(1));
        assertTrue(got.newCluster(2) > 0.5, "a row far from every cluster goes to an empty slot: " + got.newCluster(2));
    }

    @Test
    void diagonalGaussianDirichletProcessMatchesTheStudentT() {
        Map<String, String> p = Map.of("covariance", "diag", "kappa0", "0.5", "nu0", "4", "prior_scale", "0.3");
        ClusterPredictions got = predict(new DpGaussianMixtureSampler(RUNNER, SyntheticData.DIST), MixtureModel.gaussian(),
                numeric("train", X), numeric("new", NEW), p, 0);
        assertMatches(expected(normalGamma(X, NEW, 0.5, 4, 0.3), NEW.length, 0, Double.NaN), got);
    }

    /** A wrong predictive (the prior's in place of the cluster's) must fail the same comparison: the test can fail. */
    @Test
    void aWrongPredictiveFailsTheComparison() {
        ClusterPredictions got = finiteDiagonal();
        Predictive right = normalGamma(X, NEW, 0.5, 4, 0.3);
        Predictive prior = (rows, i) -> right.log(new int[0], i);
        assertThrows(AssertionError.class, () -> assertMatches(expected(prior, NEW.length, 4, 0.8), got));
    }

    static final double[][] X2 = {{0.0, 0.1}, {0.4, -0.3}, {0.9, 0.5}, {5.0, 4.0}, {5.6, 4.9}, {9.0, -2.0}};
    static final double[][] NEW2 = {{0.3, 0.2}, {5.1, 4.3}, {8.0, -1.0}};

    /**
     * Normal-Inverse-Wishart(μ0, κ0, ν0, Ψ0) posterior predictive in two dimensions: multivariate Student-t with
     * ν_n − 1 d.f., location μ_n and scale Ψ_n (κ_n + 1) / (κ_n (ν_n − 1)).
     */
    static Predictive normalInverseWishart(double[][] x, double[][] newX, double kappa0, double nu0, double scale) {
        int n0 = x.length;
        double[] mu0 = new double[2];
        for (double[] r : x) {
            mu0[0] += r[0] / n0;
            mu0[1] += r[1] / n0;
        }
        double[][] cov = new double[2][2];
        for (double[] r : x) {
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    cov[a][b] += (r[a] - mu0[a]) * (r[b] - mu0[b]) / (n0 - 1);
                }
            }
        }
        return (rows, i) -> {
            int n = rows.length;
            double[] xbar = new double[2];
            for (int r : rows) {
                xbar[0] += x[r][0] / n;
                xbar[1] += x[r][1] / n;
            }
            double kn = kappa0 + n;
            double nun = nu0 + n;
            double[] mun = {(kappa0 * mu0[0] + n * xbar[0]) / kn, (kappa0 * mu0[1] + n * xbar[1]) / kn};
            double[][] psi = new double[2][2];
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    psi[a][b] = nu0 * scale * cov[a][b];
                    for (int r : rows) {
                        psi[a][b] += (x[r][a] - xbar[a]) * (x[r][b] - xbar[b]);
                    }
                    psi[a][b] += n == 0 ? 0 : kappa0 * n / kn * (xbar[a] - mu0[a]) * (xbar[b] - mu0[b]);
                }
            }
            double nu = nun - 2 + 1;
            double f = (kn + 1) / (kn * nu);
            double s00 = psi[0][0] * f;
            double s01 = psi[0][1] * f;
            double s11 = psi[1][1] * f;
            double det = s00 * s11 - s01 * s01;
            double d0 = newX[i][0] - mun[0];
            double d1 = newX[i][1] - mun[1];
            double maha = (s11 * d0 * d0 - 2 * s01 * d0 * d1 + s00 * d1 * d1) / det;
            return logGamma((nu + 2) / 2) - logGamma(nu / 2) - Math.log(nu * Math.PI) - 0.5 * Math.log(det)
                    - (nu + 2) / 2 * Math.log1p(maha / nu);
        };
    }

    static double[] column(double[][] rows, int j) {
        double[] out = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            out[r] = rows[r][j];
        }
        return out;
    }

    @Test
    void fullGaussianFiniteAndDirichletProcessMatchTheMultivariateStudentT() {
        Dataset train = numeric("train", column(X2, 0), column(X2, 1));
        Dataset rows = numeric("new", column(NEW2, 0), column(NEW2, 1));
        Predictive niw = normalInverseWishart(X2, NEW2, 0.5, 5, 0.3);
        Map<String, String> finite = Map.of("k", "5", "alpha", "1.5", "kappa0", "0.5", "nu0", "5", "prior_scale", "0.3");
        assertMatches(expected(niw, NEW2.length, 5, 1.5), predict(new GaussianMixtureSampler(RUNNER, SyntheticData.DIST),
                MixtureModel.gaussian(), train, rows, finite, 5));
        Map<String, String> dp = Map.of("kappa0", "0.5", "nu0", "5", "prior_scale", "0.3");
        assertMatches(expected(niw, NEW2.length, 0, Double.NaN), predict(new DpGaussianMixtureSampler(RUNNER,
                SyntheticData.DIST), MixtureModel.gaussian(), train, rows, dp, 0));
    }

    static final String[][] CATS = {{"a", "x"}, {"a", "x"}, {"b", "x"}, {"c", "y"}, {"c", "y"}, {"b", "y"}};
    static final String[][] NEW_CATS = {{"a", "x"}, {"c", "y"}, {"d", "x"}, {null, "y"}};
    static final List<List<String>> LEVELS = List.of(List.of("a", "b", "c"), List.of("x", "y"));

    static Dataset categorical(String name, String[][] cells, List<List<String>> levels) {
        Dataset.Builder b = Dataset.builder(name);
        for (int j = 0; j < 2; j++) {
            int[] codes = new int[cells.length];
            for (int r = 0; r < cells.length; r++) {
                codes[r] = cells[r][j] == null ? CategoricalColumn.MISSING : levels.get(j).indexOf(cells[r][j]);
            }
            b.categorical(CategoricalColumn.of("c" + j, levels.get(j), codes));
        }
        return b.build();
    }

    /** Dirichlet-multinomial: each present column's (count of its level in the cluster + β) / (cluster rows + L β). */
    static Predictive dirichletMultinomial(double beta) {
        return (rows, i) -> {
            double s = 0;
            for (int j = 0; j < 2; j++) {
                String v = NEW_CATS[i][j];
                if (v == null || !LEVELS.get(j).contains(v)) {
                    continue; // missing, or a level the run never saw: adds nothing
                }
                int count = 0;
                for (int r : rows) {
                    count += CATS[r][j].equals(v) ? 1 : 0;
                }
                s += Math.log((count + beta) / (rows.length + LEVELS.get(j).size() * beta));
            }
            return s;
        };
    }

    @Test
    void categoricalMatchesTheDirichletMultinomialAndCountsUnseenLevels() {
        // the new rows' levels are listed in another order, and 'd' is one the run never saw
        Dataset rows = categorical("new", NEW_CATS, List.of(List.of("d", "c", "a"), List.of("y", "x")));
        ClusterPredictions finite = predict(new CategoricalMixtureSampler(RUNNER, SyntheticData.DIST),
                MixtureModel.categorical(), categorical("train", CATS, LEVELS), rows, Map.of("k", "4", "beta", "0.5"), 4);
        assertMatches(expected(dirichletMultinomial(0.5), NEW_CATS.length, 4, 1.0), finite);
        assertEquals(1, finite.unseenLevels().size());
        assertEquals(List.of("d"), finite.unseenLevels().get(0).levels());
        ClusterPredictions dp = predict(new DpCategoricalMixtureSampler(RUNNER, SyntheticData.DIST),
                MixtureModel.categorical(), categorical("train", CATS, LEVELS), rows, Map.of("beta", "0.5"), 0);
        assertMatches(expected(dirichletMultinomial(0.5), NEW_CATS.length, 0, Double.NaN), dp);
    }

    @Test
    void aDatasetWithoutTheRunsColumnIsRefusedNamingIt() {
        Map<String, String> p = Map.of("k", "4", "covariance", "diag");
        Dataset other = Dataset.builder("other").numeric(NumericColumn.of("y", NEW)).build();
        PlateException e = assertThrows(PlateException.class, () -> predict(new GaussianMixtureSampler(RUNNER,
                SyntheticData.DIST), MixtureModel.gaussian(), numeric("train", X), other, p, 4));
        assertEquals("dataset 'other' has no numeric column 'x0' that the run clustered on", e.getMessage());
    }

    @Test
    void aFullCovarianceRunRefusesAMissingValueNamingRowAndColumn() {
        Dataset train = numeric("train", column(X2, 0), column(X2, 1));
        Dataset rows = numeric("new", new double[] {1, 2}, new double[] {0, Double.NaN});
        PlateException e = assertThrows(PlateException.class, () -> predict(new GaussianMixtureSampler(RUNNER,
                SyntheticData.DIST), MixtureModel.gaussian(), train, rows, Map.of("k", "5"), 5));
        assertTrue(e.getMessage().startsWith("dataset 'new', row 2, column 'x1': a missing value"), e.getMessage());
    }
}

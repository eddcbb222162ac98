package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.SparseMatrix;
import io.plate.distributions.density.DirichletMultinomialDensity;
import io.plate.distributions.density.MultivariateStudentTDensity;
import io.plate.distributions.density.StudentTDensity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The collapsed component models against independent closed forms: the Dirichlet-multinomial and
 * Student-t densities of the distributions bundle with textbook posterior parameters (Murphy 2007), the
 * chain rule (a cluster's log marginal is the sum of its rows' sequential predictives), and the
 * one-dimensional Normal-Inverse-Wishart model equal to the Normal-Gamma one with a0 = ν0/2, b0 = ψ0/2.
 */
class ComponentsTest {
    static SparseMatrix counts(int[][] dense) {
        int v = dense[0].length;
        int nnz = 0;
        for (int[] r : dense) {
            for (int c : r) {
                nnz += c != 0 ? 1 : 0;
            }
        }
        int[] start = new int[dense.length + 1];
        int[] cols = new int[nnz];
        int[] vals = new int[nnz];
        int p = 0;
        for (int r = 0; r < dense.length; r++) {
            start[r] = p;
            for (int c = 0; c < v; c++) {
                if (dense[r][c] != 0) {
                    cols[p] = c;
                    vals[p++] = dense[r][c];
                }
            }
        }
        start[dense.length] = p;
        List<String> vocab = new java.util.ArrayList<>();
        for (int c = 0; c < v; c++) {
            vocab.add("w" + c);
        }
        return SparseMatrix.ofCounts(vocab, start, cols, vals, true);
    }

    private static final int[][] DOCS = {{3, 0, 1, 0, 20}, {0, 2, 2, 1, 0}, {1, 1, 0, 0, 17}, {5, 0, 0, 2, 1}};

    @Test
    void multinomialPredictiveIsTheDirichletMultinomialOfTheWholeDocument() {
        double beta = 0.3;
        MultinomialComponents c = new MultinomialComponents(counts(DOCS), beta);
        c.ensureCapacity(2);
        // prior predictive
        DirichletMultinomialDensity prior = DirichletMultinomialDensity.symmetric(5, beta);
        assertEquals(prior.logSequenceProbability(DOCS[1]), c.logPredictive(1, 0), 1e-10);
        c.add(0, 0);
        c.add(2, 0);
        double[] post = new double[5];
        for (int v = 0; v < 5; v++) {
            post[v] = beta + DOCS[0][v] + DOCS[2][v];
        }
        assertEquals(DirichletMultinomialDensity.of(post).logSequenceProbability(DOCS[3]), c.logPredictive(3, 0), 1e-10);
        double[] out = new double[2];
        c.logPredictives(3, 2, out);
        assertEquals(c.logPredictive(3, 0), out[0], 1e-12);
        assertEquals(prior.logSequenceProbability(DOCS[3]), out[1], 1e-10);
        c.remove(0, 0);
        c.remove(2, 0);
        assertChainRule(c, new int[] {0, 1, 2, 3});
    }

    @Test
    void categoricalChainRuleAndClosedForm() {
        CategoricalColumn a = CategoricalColumn.of("a", List.of("x", "y", "z"), new int[] {0, 1, 0, 2, -1});
        CategoricalColumn b = CategoricalColumn.of("b", List.of("p", "q"), new int[] {1, 1, 0, -1, 1});
        CategoricalComponents c = new CategoricalComponents(List.of(a, b), 0.5);
        c.ensureCapacity(1);
        c.add(0, 0);
        c.add(1, 0);
        // row 2 = (x, p): (1 + .5)/(2 + 1.5) * (0 + .5)/(2 + 1)
        assertEquals(Math.log(1.5 / 3.5) + Math.log(0.5 / 3.0), c.logPredictive(2, 0), 1e-12);
        c.remove(0, 0);
        c.remove(1, 0);
        assertChainRule(c, new int[] {0, 1, 2, 3, 4});
    }

    @Test
    void diagonalGaussianPredictiveIsStudentT() {
        double[][] x = {{1.0, 10.0}, {2.5, 12.0}, {0.5, Double.NaN}, {1.7, 9.0}};
        NumericData data = NumericData.of(x, List.of("u", "v"));
        double[] mu0 = {1.0, 11.0};
        double kappa0 = 0.5;
        double a0 = 2.0;
        double[] b0 = {1.5, 4.0};
        DiagonalGaussianComponents c = new DiagonalGaussianComponents(data, mu0, kappa0, a0, b0);
        c.ensureCapacity(1);
        c.add(0, 0);
        c.add(1, 0);
        double expected = 0;
        for (int j = 0; j < 2; j++) {
            double[] vals = {x[0][j], x[1][j]};
            expected += studentT(vals, mu0[j], kappa0, a0, b0[j]).logDensity(x[3][j]);
        }
        assertEquals(expected, c.logPredictive(3, 0), 1e-10);
        c.remove(0, 0);
        c.remove(1, 0);
        assertChainRule(c, new int[] {0, 1, 2, 3});
    }

    /** Posterior predictive of Normal-Gamma after {@code vals} (Murphy 2007, eq. 100–110). */
    private static StudentTDensity studentT(double[] vals, double mu0, double kappa0, double a0, double b0) {
        int n = vals.length;
        double mean = 0;
        for (double v : vals) {
            mean += v / n;
        }
        double ss = 0;
        for (double v : vals) {
            ss += (v - mean) * (v - mean);
        }
        double kn = kappa0 + n;
        double mun = (kappa0 * mu0 + n * mean) / kn;
        double an = a0 + n / 2.0;
        double bn = b0 + 0.5 * ss + kappa0 * n * (mean - mu0) * (mean - mu0) / (2 * kn);
        return StudentTDensity.of(2 * an, mun, Math.sqrt(bn * (kn + 1) / (an * kn)));
    }

    @Test
    void fullGaussianPredictiveIsMultivariateStudentT() {
        double[][] x = {{1.0, 2.0, 0.5}, {1.5, 2.5, 0.1}, {0.2, 1.0, 1.0}, {2.0, 2.2, -0.3}, {1.1, 1.9, 0.4}};
        NumericData data = NumericData.of(x, List.of("a", "b", "c"));
        double[] mu0 = {1, 2, 0};
        double kappa0 = 0.7;
        double nu0 = 5;
        double[][] psi0 = {{2, 0.3, 0.1}, {0.3, 1, 0.2}, {0.1, 0.2, 1.5}};
        FullGaussianComponents c = new FullGaussianComponents(data, mu0, kappa0, nu0, psi0);
        c.ensureCapacity(2);
        for (int r : new int[] {0, 1, 2}) {
            c.add(r, 0);
        }
        // Murphy 2007 §9: κn, νn, μn, Ψn = Ψ0 + S + κ0 n/κn (x̄ − μ0)(x̄ − μ0)ᵀ
        int n = 3;
        int d = 3;
        double[] mean = new double[d];
        for (int r = 0; r < n; r++) {
            for (int j = 0; j < d; j++) {
                mean[j] += x[r][j] / n;
            }
        }
        double kn = kappa0 + n;
        double nun = nu0 + n;
        double[] mun = new double[d];
        double[][] scale = new double[d][d];
        for (int i = 0; i < d; i++) {
            mun[i] = (kappa0 * mu0[i] + n * mean[i]) / kn;
        }
        double dof = nun - d + 1;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double s = 0;
                for (int r = 0; r < n; r++) {
                    s += (x[r][i] - mean[i]) * (x[r][j] - mean[j]);
                }
                double psin = psi0[i][j] + s + kappa0 * n / kn * (mean[i] - mu0[i]) * (mean[j] - mu0[j]);
                scale[i][j] = psin * (kn + 1) / (kn * dof);
            }
        }
        assertEquals(MultivariateStudentTDensity.of(dof, mun, scale).logDensity(x[4]), c.logPredictive(4, 0), 1e-10);
        // the empty slot gives the prior predictive
        double[][] priorScale = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                priorScale[i][j] = psi0[i][j] * (kappa0 + 1) / (kappa0 * (nu0 - d + 1));
            }
        }
        assertEquals(MultivariateStudentTDensity.of(nu0 - d + 1, mu0, priorScale).logDensity(x[4]),
                c.logPredictive(4, 1), 1e-10);
        for (int r : new int[] {0, 1, 2}) {
            c.remove(r, 0);
        }
        assertChainRule(c, new int[] {0, 1, 2, 3, 4});
    }

    /**
     * Moves random rows between k slots of components from {@code make}, reading the slot a row left
     * before it joins another (as a chain does; about a quarter go straight back), and returns the largest
     * relative difference of any slot's marginal or predictives from components filled from scratch with
     * the same rows, compared every 50 moves.
     */
    static double movedAgainstFresh(java.util.function.Supplier<Components> make, int k, int moves,
            org.apache.commons.rng.UniformRandomProvider rng) {
        Components moved = make.get();
        int n = moved.rows();
        moved.ensureCapacity(k);
        int[] z = new int[n];
        for (int r = 0; r < n; r++) {
            z[r] = r % k;
            moved.add(r, z[r]);
        }
        double worst = 0;
        for (int step = 0; step < moves; step++) {
            int r = rng.nextInt(n);
            moved.remove(r, z[r]);
            moved.logPredictive(r, z[r]);
            z[r] = rng.nextInt(k);
            moved.add(r, z[r]);
            if (step % 50 == 0) {
                Components fresh = make.get();
                fresh.ensureCapacity(k);
                for (int q = 0; q < n; q++) {
                    fresh.add(q, z[q]);
                }
                for (int slot = 0; slot < k; slot++) {
                    worst = Math.max(worst, relative(fresh.logMarginal(slot), moved.logMarginal(slot)));
                    for (int q = 0; q < n; q += 3) {
                        worst = Math.max(worst, relative(fresh.logPredictive(q, slot), moved.logPredictive(q, slot)));
                    }
                }
            }
        }
        return worst;
    }

    private static double relative(double expected, double actual) {
        return Math.abs(expected - actual) / Math.max(1, Math.abs(expected));
    }

    /**
     * Full covariances: factors that follow by rank-one updates and downdates between refactorings, or
     * come back saved, agree with factors from the sums, on badly scaled, nearly collinear columns.
     */
    @Test
    void fullGaussianRankOneStepsEqualFactorsFromTheSums() {
        org.apache.commons.rng.UniformRandomProvider rng = new io.plate.distributions.impl.FastDistributions()
                .stream(3, 0);
        int n = 60;
        int d = 5;
        double[][] x = new double[n][d];
        for (int r = 0; r < n; r++) {
            double common = rng.nextDouble() * 4 - 2;
            for (int j = 0; j < d; j++) {
                x[r][j] = Math.pow(10, j - 2) * (common + 0.05 * (rng.nextDouble() - 0.5) + (r % 3) * j);
            }
        }
        NumericData data = NumericData.of(x, List.of("a", "b", "c", "e", "f"));
        double worst = movedAgainstFresh(() -> FullGaussianComponents.withDefaults(data, 0.01, d + 2, 0.1), 4, 3000,
                rng);
        System.out.println("rank-one steps against factors from the sums: largest relative difference " + worst);
        assertTrue(worst < 1e-8, "largest relative difference " + worst);
    }

    /** Diagonal covariances with missing values: constants that come back saved agree with those from the sums. */
    @Test
    void diagonalGaussianMovesEqualConstantsFromTheSums() {
        org.apache.commons.rng.UniformRandomProvider rng = new io.plate.distributions.impl.FastDistributions()
                .stream(4, 0);
        int n = 40;
        int d = 3;
        double[][] x = new double[n][d];
        for (int r = 0; r < n; r++) {
            for (int j = 0; j < d; j++) {
                x[r][j] = rng.nextDouble() < 0.1 ? Double.NaN : Math.pow(10, j) * (rng.nextDouble() + r % 2);
            }
        }
        NumericData data = NumericData.of(x, List.of("a", "b", "c"));
        double worst = movedAgainstFresh(() -> DiagonalGaussianComponents.withDefaults(data, 0.01, 3, 0.1), 4, 2000,
                rng);
        assertTrue(worst < 1e-10, "largest relative difference " + worst);
    }

    @Test
    void oneDimensionalNormalInverseWishartEqualsNormalGamma() {
        double[][] x = {{1.0}, {2.5}, {0.5}, {1.7}, {3.0}};
        NumericData data = NumericData.of(x, List.of("u"));
        double nu0 = 3.0;
        double psi0 = 2.0;
        FullGaussianComponents full = new FullGaussianComponents(data, new double[] {1.0}, 0.4, nu0,
                new double[][] {{psi0}});
        DiagonalGaussianComponents diag = new DiagonalGaussianComponents(data, new double[] {1.0}, 0.4, nu0 / 2,
                new double[] {psi0 / 2});
        full.ensureCapacity(1);
        diag.ensureCapacity(1);
        for (int r = 0; r < 4; r++) {
            assertEquals(diag.logPredictive(r, 0), full.logPredictive(r, 0), 1e-10);
            full.add(r, 0);
            diag.add(r, 0);
            assertEquals(diag.logMarginal(0), full.logMarginal(0), 1e-10);
        }
        assertEquals(diag.logPredictive(4, 0), full.logPredictive(4, 0), 1e-10);
    }

    @Test
    void badDataIsRefusedWithAMessage() {
        double[][] x = {{1.0, Double.NaN}, {2.0, 3.0}, {1.0, 4.0}};
        NumericData data = NumericData.of(x, List.of("a", "b"));
        assertThrows(PlateException.class, () -> FullGaussianComponents.withDefaults(data, 0.01, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new MultinomialComponents(counts(DOCS), Double.NaN));
        assertThrows(PlateException.class, () -> NumericData.of(new double[][] {{1}, {1}, {1}}, List.of("c")));
    }

    /** Adding rows one by one, the sum of the predictives equals the log marginal of the slot. */
    static void assertChainRule(Components c, int[] rows) {
        c.ensureCapacity(1);
        double sum = 0;
        for (int r : rows) {
            sum += c.logPredictive(r, 0);
            c.add(r, 0);
            assertEquals(sum, c.logMarginal(0), 1e-9 * Math.max(1, Math.abs(sum)));
        }
        for (int r : rows) {
            c.remove(r, 0);
        }
        assertEquals(0, c.size(0));
    }
}

package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Params;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.Table;
import io.plate.mcmc.ChainRunnerPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.MultivariateNormalDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.special.Gamma;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * What the uncollapsed Gaussian chain's Geweke tests (six rows) cannot reach: the same chain on one
 * thread and on many, blocks sampled apart (in reverse order, each twice, from fresh slices) equal to
 * whole sweeps, the log joint against an evaluation with Commons Math's densities, and the service
 * ({@code mixture.gaussian collapsed=false}) recovering known clusters.
 */
class UncollapsedGaussianChainTest {
    static final List<String> COVARIANCES = List.of("full", "diag");

    /** 3,000 rows of four columns from three Gaussians; with {@code missing}, about 5% of the values NaN. */
    static double[][] rows(boolean missing, long seed) {
        double[][] means = {{0, 0, 1, 2}, {5, 1, -2, 0}, {2, 6, 0, 3}};
        UniformRandomProvider rng = SyntheticData.DIST.stream(seed, 0);
        double[][] x = new double[3000][4];
        for (double[] row : x) {
            int c = rng.nextInt(3);
            for (int j = 0; j < 4; j++) {
                row[j] = means[c][j] + (1 + 0.3 * j) * SyntheticData.DIST.nextStandardNormal(rng)
                        + (j > 0 ? 0.5 * row[j - 1] : 0);
                if (missing && j > 0 && rng.nextDouble() < 0.05) {
                    row[j] = Double.NaN;
                }
            }
        }
        return x;
    }

    static final List<String> NAMES = List.of("a", "b", "c", "d");

    static Components components(double[][] x, String covariance) {
        Params p = Params.parse(GaussianPriors.parameters(), Map.of(GaussianPriors.COVARIANCE, covariance));
        return GaussianPriors.components(NumericData.of(x, NAMES), p);
    }

    static UncollapsedGaussianChain chain(double[][] x, String covariance, boolean parallel, long seed) {
        return new UncollapsedGaussianChain(components(x, covariance), 1.0, parallel, 200,
                new ChainSettings(5, Initialisation.KMEANS_PP, 1, 0, null), SyntheticData.DIST,
                SyntheticData.DIST.stream(seed, 1));
    }

    /**
     * Split–merge moves (3 a sweep) from a k-means++ start with K = 5 for three clusters, diagonal with
     * missing values and full: after every sweep the moves' components hold z (each cluster's size and log
     * marginal equal those of components filled from z afresh), the summed statistics the parameter step
     * read are those of z, moves were accepted, and the chain is the same on one thread, on many, and with
     * its blocks on a {@link BlockRunner} (where the statistics of an accepted move are recomputed on the
     * driver, not by the blocks).
     */
    @Test
    void splitMergeKeepsTheStatisticsOfZ() {
        for (String cov : COVARIANCES) {
            double[][] x = java.util.Arrays.copyOf(rows(cov.equals("diag"), 7), 300);
            ChainSettings s = new ChainSettings(5, Initialisation.KMEANS_PP, 1, 0, null);
            Components[] comps = new Components[3];
            UncollapsedGaussianChain[] chains = new UncollapsedGaussianChain[3];
            UniformRandomProvider[] rngs = new UniformRandomProvider[3];
            for (int i = 0; i < 3; i++) {
                comps[i] = components(x, cov);
                rngs[i] = SyntheticData.DIST.stream(19, 0);
                chains[i] = new UncollapsedGaussianChain(comps[i], 1.0, i == 1, 50, 3, 3, null, s, SyntheticData.DIST,
                        rngs[i]);
            }
            chains[2].runBlocksOn(new BlocksApart(SyntheticData.DIST));
            int d = NAMES.size();
            int stride = GaussianZStep.stride(d, cov.equals("full"));
            double[] y = new double[x.length * d];
            double[] mu0 = GaussianParameterStep.of(comps[0]).mu0;
            for (int r = 0; r < x.length; r++) {
                for (int j = 0; j < d; j++) {
                    y[r * d + j] = x[r][j] - mu0[j];
                }
            }
            for (int sweep = 0; sweep < 30; sweep++) {
                for (int i = 0; i < 3; i++) {
                    chains[i].sweep(rngs[i]);
                }
                int[] z = chains[0].assignments();
                Components fresh = components(x, cov);
                fresh.ensureCapacity(5);
                for (int r = 0; r < z.length; r++) {
                    fresh.add(r, z[r]);
                }
                double[] expected = new double[5 * stride];
                GaussianZStep.statistics(cov.equals("full"), d, 5, y, 0, x.length, 0, z, expected);
                double[] stats = chains[0].statistics();
                for (int i = 0; i < stats.length; i++) {
                    assertEquals(expected[i], stats[i], 1e-9 * (1 + Math.abs(expected[i])), cov + ", sweep " + sweep + ", statistic " + i);
                }
                for (int k = 0; k < 5; k++) {
                    String at = cov + ", sweep " + sweep + ", cluster " + k;
                    assertEquals(fresh.size(k), comps[0].size(k), at);
                    assertEquals(fresh.size(k), chains[0].slotSize(k), at);
                    assertEquals(fresh.logMarginal(k), comps[0].logMarginal(k), 1e-7 * (1 + Math.abs(fresh.logMarginal(k))), at);
                }
                for (int i = 1; i < 3; i++) {
                    assertArrayEquals(z, chains[i].assignments(), cov + ", chain " + i + ", sweep " + sweep);
                    assertEquals(chains[0].logJoint(), chains[i].logJoint(), 0.0, cov + ", chain " + i + ", sweep " + sweep);
                }
            }
            assertTrue(chains[0].splitMergeAcceptance() > 0, cov + ": acceptance " + chains[0].splitMergeAcceptance());
            System.out.println(cov + ": split-merge acceptance " + chains[0].splitMergeAcceptance() + ", clusters "
                    + chains[0].clusters());
            chains[2].closeBlocks();
        }
    }

    /**
     * The trap the moves are for: two well-separated blobs in six columns (means −3 and 3 in each, unit
     * variances) started in one cluster, K = 2, so the other slot is empty and its (μ, Σ) a draw from the
     * prior, which in six columns no row prefers.
     * With the default move (one proposal a sweep) the chain finds the two blobs within 50 sweeps for each of
     * four seeds (ARI 1.0); without moves, from the same start and for the same sweeps, it stays merged (ARI 0).
     */
    @Test
    void splitMergeSplitsTwoBlobsStartedMerged() {
        UniformRandomProvider g = SyntheticData.DIST.stream(5, 0);
        int n = 200;
        int d = 6;
        double[][] x = new double[n][d];
        int[] truth = new int[n];
        for (int r = 0; r < n; r++) {
            truth[r] = r % 2;
            for (int j = 0; j < d; j++) {
                x[r][j] = (truth[r] == 0 ? -3 : 3) + SyntheticData.DIST.nextStandardNormal(g);
            }
        }
        int[] merged = new int[n];
        for (String cov : COVARIANCES) {
            for (long seed = 1; seed <= 4; seed++) {
                for (int moves : new int[] {0, 1}) {
                    UniformRandomProvider rng = SyntheticData.DIST.stream(seed, 0);
                    Params p = Params.parse(GaussianPriors.parameters(), Map.of(GaussianPriors.COVARIANCE, cov));
                    UncollapsedGaussianChain c = new UncollapsedGaussianChain(
                            GaussianPriors.components(NumericData.of(x, List.of("a", "b", "c", "d", "e", "f")), p), 1.0, false,
                            UncollapsedGaussianChain.DEFAULT_ROWS_PER_BLOCK, moves, 3, null,
                            new ChainSettings(2, Initialisation.RANDOM, 1, 0, null), SyntheticData.DIST, rng);
                    c.assign(merged, rng);
                    for (int sweep = 0; sweep < 50; sweep++) {
                        c.sweep(rng);
                    }
                    double ari = ClusterAgreement.adjustedRandIndex(truth, c.assignments());
                    String at = cov + ", seed " + seed + (moves == 0 ? " without" : " with") + " moves: ARI " + ari;
                    if (moves == 0) {
                        assertTrue(ari < 0.1, at);
                    } else {
                        assertEquals(1.0, ari, 0.0, at);
                    }
                }
            }
        }
    }

    /** Fixed blocks with their own streams, statistics added in block order: one thread or many, the same chain. */
    @Test
    void drawsDoNotDependOnTheThreads() {
        for (String cov : COVARIANCES) {
            double[][] x = rows(cov.equals("diag"), 3);
            UncollapsedGaussianChain one = chain(x, cov, false, 13);
            UncollapsedGaussianChain many = chain(x, cov, true, 13);
            assertTrue(one.blockCount() == 15, "blocks " + one.blockCount());
            UniformRandomProvider r1 = SyntheticData.DIST.stream(17, 0);
            UniformRandomProvider r2 = SyntheticData.DIST.stream(17, 0);
            for (int sweep = 0; sweep < 10; sweep++) {
                one.sweep(r1);
                many.sweep(r2);
                assertArrayEquals(one.assignments(), many.assignments(), cov + ", sweep " + sweep);
                assertEquals(one.logJoint(), many.logJoint(), 0.0, cov + ", sweep " + sweep);
            }
        }
    }

    /**
     * What another machine has: each block from its slice, the sweep's keys and parameters alone, on a
     * {@link BlockRunner} ({@link BlocksApart}: serialised, in reverse order, each twice).
     */
    @Test
    void blocksSampledApartGiveTheSameChain() {
        for (String cov : COVARIANCES) {
            double[][] x = rows(cov.equals("diag"), 4);
            Map<String, String> params = Map.of("k", "5", "covariance", cov, "init", "random");
            UncollapsedGaussianSweep whole = UncollapsedGaussianSweep.of(SyntheticData.DIST, x, NAMES, params, 5, 1, true, 250);
            UncollapsedGaussianSweep apart = UncollapsedGaussianSweep.of(SyntheticData.DIST, x, NAMES, params, 5, 1, false, 250);
            assertEquals(12, apart.blocks());
            apart.runBlocksOn(new BlocksApart(SyntheticData.DIST));
            for (int sweep = 0; sweep < 5; sweep++) {
                whole.sweep();
                apart.sweep();
                assertArrayEquals(whole.assignments(), apart.assignments(), cov + ", sweep " + sweep);
                assertEquals(whole.logJoint(), apart.logJoint(), 0.0, cov + ", sweep " + sweep);
            }
        }
    }

    /**
     * The log joint from the summed statistics equals the sum over rows of Commons Math's normal log
     * densities plus the priors' log densities (normal and Gamma from Commons Math; the inverse-Wishart's
     * from its textbook form with Commons Math's determinant, inverse and log Γ) and the Dirichlet's.
     */
    @Test
    void logJointEqualsAnIndependentEvaluation() {
        for (String cov : COVARIANCES) {
            double[][] x = rows(cov.equals("diag"), 6);
            Components comp = components(x, cov);
            UncollapsedGaussianChain c = new UncollapsedGaussianChain(comp, 0.7, false, 200,
                    new ChainSettings(3, Initialisation.KMEANS_PP, 1, 0, null), SyntheticData.DIST,
                    SyntheticData.DIST.stream(8, 1));
            UniformRandomProvider rng = SyntheticData.DIST.stream(9, 0);
            for (int sweep = 0; sweep < 3; sweep++) {
                c.sweep(rng);
                double expected = cov.equals("full") ? fullLogJoint(c, (FullGaussianComponents) comp, x, 0.7)
                        : diagonalLogJoint(c, (DiagonalGaussianComponents) comp, x, 0.7);
                assertEquals(expected, c.logJoint(), 1e-9 * Math.abs(expected), cov + ", sweep " + sweep);
            }
        }
    }

    /** log p(z | π) + log p(π) with π ~ Dirichlet(α). */
    static double partitionTerms(UncollapsedGaussianChain c, double alpha) {
        double[] logPi = c.zStepParameters()[1];
        int k = logPi.length;
        double lj = Gamma.logGamma(k * alpha) - k * Gamma.logGamma(alpha);
        for (int cl = 0; cl < k; cl++) {
            lj += (alpha - 1) * logPi[cl];
        }
        for (int z : c.assignments()) {
            lj += logPi[z];
        }
        return lj;
    }

    static double fullLogJoint(UncollapsedGaussianChain c, FullGaussianComponents comp, double[][] x, double alpha) {
        double[][] p = c.zStepParameters();
        int k = p[1].length;
        int d = NAMES.size();
        double[] mu0 = comp.mu0();
        double kappa0 = comp.kappa0();
        double nu0 = comp.nu0();
        RealMatrix psi0 = new Array2DRowRealMatrix(comp.psi0());
        List<MultivariateNormalDistribution> clusters = new ArrayList<>();
        double lj = partitionTerms(c, alpha);
        for (int cl = 0; cl < k; cl++) {
            double[] mean = new double[d];
            double[][] sigma = new double[d][d];
            double[][] sigmaOverKappa = new double[d][d];
            for (int i = 0; i < d; i++) {
                mean[i] = mu0[i] + p[2][cl * d + i];
                for (int j = 0; j < d; j++) {
                    sigma[i][j] = p[3][(cl * d + i) * d + j];
                    sigmaOverKappa[i][j] = sigma[i][j] / kappa0;
                }
            }
            clusters.add(new MultivariateNormalDistribution(mean, sigma));
            lj += Math.log(new MultivariateNormalDistribution(mu0, sigmaOverKappa).density(mean));
            // inverse-Wishart(ν0, Ψ0): |Ψ0|^(ν0/2) / (2^(ν0 d/2) Γ_d(ν0/2)) |Σ|^(−(ν0+d+1)/2) exp(−½ tr(Ψ0 Σ⁻¹))
            RealMatrix s = new Array2DRowRealMatrix(sigma);
            LUDecomposition lu = new LUDecomposition(s);
            double logMvGamma = 0.25 * d * (d - 1) * Math.log(Math.PI);
            for (int j = 1; j <= d; j++) {
                logMvGamma += Gamma.logGamma(nu0 / 2 + (1 - j) / 2.0);
            }
            lj += 0.5 * nu0 * Math.log(new LUDecomposition(psi0).getDeterminant()) - 0.5 * nu0 * d * Math.log(2)
                    - logMvGamma - 0.5 * (nu0 + d + 1) * Math.log(lu.getDeterminant())
                    - 0.5 * psi0.multiply(lu.getSolver().getInverse()).getTrace();
        }
        int[] z = c.assignments();
        for (int r = 0; r < x.length; r++) {
            lj += Math.log(clusters.get(z[r]).density(x[r]));
        }
        return lj;
    }

    static double diagonalLogJoint(UncollapsedGaussianChain c, DiagonalGaussianComponents comp, double[][] x,
            double alpha) {
        double[][] p = c.zStepParameters();
        int k = p[1].length;
        int d = NAMES.size();
        double[] mu0 = comp.mu0();
        double[] b0 = comp.b0();
        double lj = partitionTerms(c, alpha);
        for (int cl = 0; cl < k; cl++) {
            for (int j = 0; j < d; j++) {
                double tau = p[3][cl * d + j];
                double mean = mu0[j] + p[2][cl * d + j];
                lj += new NormalDistribution(null, mu0[j], 1 / Math.sqrt(comp.kappa0() * tau)).logDensity(mean);
                lj += new GammaDistribution(null, comp.a0(), 1 / b0[j]).logDensity(tau);
            }
        }
        int[] z = c.assignments();
        for (int r = 0; r < x.length; r++) {
            for (int j = 0; j < d; j++) {
                if (!Double.isNaN(x[r][j])) {
                    int i = z[r] * d + j;
                    lj += new NormalDistribution(null, mu0[j] + p[2][i], 1 / Math.sqrt(p[3][i])).logDensity(x[r][j]);
                }
            }
        }
        return lj;
    }

    /** The service with collapsed=false finds the three clusters of the recovery test's data and their means. */
    @Test
    void serviceRecoversClusters() {
        Dataset d = SyntheticData.gaussians(300, RecoveryTest.MEANS, RecoveryTest.CHOL, new double[] {0.3, 0.3, 0.4}, 1);
        try (ChainRunnerPool runner = ChainRunnerPool.over(SyntheticData.DIST)) {
            for (String cov : COVARIANCES) {
                GaussianMixtureSampler s = new GaussianMixtureSampler(runner, SyntheticData.DIST);
                Posterior p = s.run(d, s.params(Map.of("k", "3", "covariance", cov, "collapsed", "false")),
                        RecoveryTest.SHORT, null, null);
                assertTrue(RecoveryTest.fact(p, "ari") > 0.95, cov + " ARI " + p.facts());
                Table clusters = p.tables().get("clusters");
                assertEquals(3, clusters.rows().size(), cov);
                int meanCol = clusters.header().indexOf("mean.x0");
                for (double[] m : RecoveryTest.MEANS) {
                    assertTrue(clusters.rows().stream().anyMatch(row -> Math.abs(Double.parseDouble(row.get(meanCol)) - m[0]) < 0.4
                            && Math.abs(Double.parseDouble(row.get(meanCol + 1)) - m[1]) < 0.4),
                            cov + ": no cluster near mean " + java.util.Arrays.toString(m) + " in " + clusters.rows());
                }
            }
        }
    }
}

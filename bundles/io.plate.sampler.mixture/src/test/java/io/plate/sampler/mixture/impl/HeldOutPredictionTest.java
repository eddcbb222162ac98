package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.Params;
import io.plate.api.sample.ClusterPredictions;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.ChainRunnerPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Every mixture sampler (finite and DP; Gaussian full and diag, categorical, multinomial; collapsed and
 * uncollapsed chains) run on well-separated synthetic clusters with every fourth row held out: the held-out
 * rows' predicted clusters agree with the truth and with the estimate's cluster of their nearest training row,
 * their probabilities sum to 1, and the agreement the predictions report is the one computed here. The negative
 * control: draws whose partitions are shuffled over the rows must lose the agreement.
 */
class HeldOutPredictionTest {
    static final ChainRunnerPool RUNNER = ChainRunnerPool.over(SyntheticData.DIST);
    static final RunSettings SETTINGS = new RunSettings(120, 60, 1, 2, 11L, 2);

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    static int[] every(int n, boolean heldOut) {
        return java.util.stream.IntStream.range(0, n).filter(r -> (r % 4 == 3) == heldOut).toArray();
    }

    static Dataset gaussians() {
        return SyntheticData.gaussians(400, RecoveryTest.MEANS, RecoveryTest.CHOL, new double[] {0.3, 0.3, 0.4}, 5);
    }

    /** The held-out rows' predictions from a run on the others, checked to sum to 1 and to report their ARI. */
    static ClusterPredictions heldOut(Sampler s, Dataset d, Map<String, String> params, double minAri) {
        Dataset train = d.select(every(d.rows(), false), "train");
        Dataset test = d.select(every(d.rows(), true), "test");
        Posterior p = s.run(train, s.params(params), SETTINGS, null, null);
        ClusterPredictions got = p.clusterPredictor().orElseThrow().predict(test, null);
        assertEquals(test.rows(), got.rows());
        for (int r = 0; r < got.rows(); r++) {
            double sum = got.newCluster(r);
            for (double v : got.probabilities(r)) {
                assertTrue(v >= 0 && v <= 1 + 1e-12);
                sum += v;
            }
            assertEquals(1.0, sum, 1e-9, "row " + r);
        }
        int[] truth = test.labels().orElseThrow().codes();
        double ari = ClusterAgreement.adjustedRandIndex(truth, got.clusters());
        assertTrue(ari >= minAri, s.name() + " " + params + ": held-out ARI " + ari);
        assertEquals(ari, got.agreement().orElseThrow().ari(), 1e-12);
        assertEquals(test.rows(), got.agreement().orElseThrow().labelledRows());
        return got;
    }

    @Test
    void gaussianRunsPredictHeldOutRowsAsTheirNearestTrainingRowsEstimate() {
        Dataset d = gaussians();
        Dataset train = d.select(every(d.rows(), false), "train");
        Dataset test = d.select(every(d.rows(), true), "test");
        List<Sampler> samplers = List.of(new GaussianMixtureSampler(RUNNER, SyntheticData.DIST),
                new DpGaussianMixtureSampler(RUNNER, SyntheticData.DIST));
        List<Map<String, String>> settings = List.of(Map.of("k", "3"), Map.of("k", "3", "covariance", "diag"),
                Map.of("k", "3", "collapsed", "false"), Map.of("k", "3", "covariance", "diag", "collapsed", "false"));
        for (Sampler s : samplers) {
            for (Map<String, String> given : s == samplers.get(0) ? settings : List.of(Map.<String, String>of(),
                    Map.of("covariance", "diag"))) {
                Posterior p = s.run(train, s.params(given), SETTINGS, null, null);
                ClusterPredictions got = p.clusterPredictor().orElseThrow().predict(test, null);
                int[] estimate = p.clustering().orElseThrow().assignments();
                int[] nearest = new int[test.rows()];
                for (int r = 0; r < test.rows(); r++) {
                    nearest[r] = estimate[nearestRow(train, test, r)];
                }
                double agree = ClusterAgreement.adjustedRandIndex(nearest, got.clusters());
                assertTrue(agree >= 0.95, s.name() + " " + given + ": ARI against the nearest rows' clusters " + agree);
                heldOut(s, d, given, 0.95);
            }
        }
    }

    static int nearestRow(Dataset train, Dataset test, int row) {
        List<NumericColumn> a = train.numeric();
        List<NumericColumn> b = test.numeric();
        int best = -1;
        double bestD = Double.POSITIVE_INFINITY;
        for (int r = 0; r < train.rows(); r++) {
            double dist = 0;
            for (int j = 0; j < a.size(); j++) {
                double diff = a.get(j).value(r) - b.get(j).value(row);
                dist += diff * diff;
            }
            if (dist < bestD) {
                bestD = dist;
                best = r;
            }
        }
        return best;
    }

    @Test
    void categoricalAndMultinomialRunsPredictHeldOutRows() {
        Dataset cats = SyntheticData.categories(400, 3, 10, 4, 0.85, 3);
        ClusterPredictions levels = heldOut(new CategoricalMixtureSampler(RUNNER, SyntheticData.DIST), cats,
                Map.of("k", "3"), 0.9);
        heldOut(new DpCategoricalMixtureSampler(RUNNER, SyntheticData.DIST), cats, Map.of(), 0.9);
        Dataset docs = SyntheticData.documents(400, 40, SyntheticData.blockTopics(3, 30, 0.9),
                new double[] {0.3, 0.3, 0.4}, 4);
        ClusterPredictions words = heldOut(new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST), docs,
                Map.of("k", "3"), 0.95);
        // the held-out documents are written in the run's 30 words (blockTopics(3, 30, …)): no warning; other runs count no words
        io.plate.api.learn.KnownWords known = words.knownWords().orElseThrow();
        assertEquals(List.of(30, 30, 30, false), List.of(known.words(), known.known(), known.trained(), known.none()));
        assertTrue(levels.knownWords().isEmpty());
        heldOut(new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST), docs, Map.of("k", "3", "collapsed", "true"), 0.95);
        heldOut(new DpMultinomialMixtureSampler(RUNNER, SyntheticData.DIST), docs, Map.of(), 0.95);
    }

    /**
     * The same predictor over draws equal to the run's estimate agrees with the truth; over the same partitions
     * with their rows shuffled (cluster sizes kept) the agreement collapses: the predictions come from the draws.
     */
    @Test
    void shuffledPartitionsLoseTheAgreement() {
        Dataset d = gaussians();
        Dataset train = d.select(every(d.rows(), false), "train");
        Dataset test = d.select(every(d.rows(), true), "test");
        Sampler s = new GaussianMixtureSampler(RUNNER, SyntheticData.DIST);
        Params params = s.params(Map.of("k", "3"));
        int[] estimate = s.run(train, params, SETTINGS, null, null).clustering().orElseThrow().assignments();
        NumericData shared = MixtureModel.gaussian().prepare().apply(train, params);
        UniformRandomProvider rng = SyntheticData.DIST.stream(99, 0);
        List<MixturePredictor.Draw> same = new ArrayList<>();
        List<MixturePredictor.Draw> shuffled = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            same.add(new MixturePredictor.Draw(estimate, 1.0));
            int[] z = estimate.clone();
            for (int r = z.length - 1; r > 0; r--) { // Fisher-Yates
                int j = rng.nextInt(r + 1);
                int t = z[r];
                z[r] = z[j];
                z[j] = t;
            }
            shuffled.add(new MixturePredictor.Draw(z, 1.0));
        }
        int[] truth = test.labels().orElseThrow().codes();
        double right = ClusterAgreement.adjustedRandIndex(truth, new MixturePredictor<>(MixtureModel.gaussian(), shared,
                params, same, 3, estimate).predict(test, null).clusters());
        double wrong = ClusterAgreement.adjustedRandIndex(truth, new MixturePredictor<>(MixtureModel.gaussian(), shared,
                params, shuffled, 3, estimate).predict(test, null).clusters());
        assertTrue(right >= 0.95, "estimate draws: ARI " + right);
        assertTrue(wrong < 0.3, "shuffled draws: ARI " + wrong);
    }
}

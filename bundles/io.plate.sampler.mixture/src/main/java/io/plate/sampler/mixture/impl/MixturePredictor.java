package io.plate.sampler.mixture.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ClusterPredictions;
import io.plate.api.sample.ClusterPredictor;
import io.plate.distributions.numerics.LogMath;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * Assigns new rows to a run's point-estimate clusters from at most {@value #MAX_DRAWS} of its stored draws. For
 * each draw's partition z of the training rows, a new row x joins slot j with p(j | x, z) ∝ w_j · p(x | rows of
 * j), the parameters integrated out ({@link Components#logPredictive}: Student-t, Dirichlet-multinomial), with
 * w_j = n_j + α for each of a finite mixture's K slots (an empty one scores the prior predictive) and, for a DP,
 * n_j for an occupied slot and the draw's α for a new cluster; given z this is the Rao-Blackwellised posterior
 * predictive, for the uncollapsed chains too. A draw's slot j is carried to estimate cluster c by the share
 * |j ∩ c| / |j| of its rows (label-invariant), the empty slots to {@code p_new}, and the draws are averaged.
 */
final class MixturePredictor<D> implements ClusterPredictor {
    /** Stored draws kept for prediction, evenly over every chain's: at most 4 · 200 · rows bytes of labels. */
    static final int MAX_DRAWS = 200;

    /** One stored draw: its partition (canonical labels) and its concentration α. */
    record Draw(int[] labels, double alpha) {
    }

    private final MixtureModel<D> model;
    private final D training;
    private final Params params;
    private final List<Draw> draws;
    private final int slots; // K of a finite mixture; 0 for a DP, which weighs a new cluster by α
    private final int[] estimate; // estimate cluster of every training row
    private final int clusters;

    /**
     * @param slots    K of a finite mixture, 0 for a DP
     * @param estimate the point estimate's cluster of every training row, numbered as clusters.csv numbers them
     */
    MixturePredictor(MixtureModel<D> model, D training, Params params, List<Draw> draws, int slots, int[] estimate) {
        if (draws.isEmpty()) {
            throw new IllegalArgumentException("no stored draws to predict from");
        }
        for (Draw d : draws) {
            if (d.labels().length != estimate.length || !(d.alpha() > 0)) {
                throw new IllegalArgumentException("a draw of " + d.labels().length + " rows with alpha " + d.alpha()
                        + "; the estimate has " + estimate.length + " rows");
            }
        }
        this.model = model;
        this.training = training;
        this.params = params;
        this.draws = List.copyOf(draws);
        this.slots = slots;
        this.estimate = estimate.clone();
        this.clusters = ExpectedLoss.labels(estimate);
    }

    /**
     * The predictor of a run from its chains' stored partitions, at most {@link #MAX_DRAWS} evenly over them;
     * a finite mixture's α is the run's {@code alpha}, a DP's the one each draw had.
     */
    static <D> MixturePredictor<D> of(MixtureModel<D> model, D training, Params params,
            List<? extends MixtureChain> chains, boolean dirichletProcess, int[] estimate) {
        List<Draw> all = new ArrayList<>();
        double alpha = params.getDouble(MixtureSampler.ALPHA);
        for (MixtureChain c : chains) {
            List<int[]> p = c.recorder().partitions();
            List<Double> a = c.recorder().concentrations();
            for (int i = 0; i < p.size(); i++) {
                all.add(new Draw(p.get(i), dirichletProcess ? a.get(i) : alpha));
            }
        }
        return new MixturePredictor<>(model, training, params, MixtureSummary.evenly(all, MAX_DRAWS),
                dirichletProcess ? 0 : params.getInt(MixtureSampler.K), estimate);
    }

    @Override
    public int clusters() {
        return clusters;
    }

    @Override
    public int draws() {
        return draws.size();
    }

    @Override
    public ClusterPredictions predict(Dataset rows, Cancellation cancellation) {
        RowsRead found = new RowsRead();
        D all = model.withRows().read(training, rows, params, found);
        Components comp = model.components().apply(all, params);
        int n = estimate.length;
        int m = rows.rows();
        double[][] q = new double[m][clusters];
        double[] fresh = new double[m];
        double[] logW = new double[0];
        for (Draw draw : draws) {
            if (cancellation != null && cancellation.isCancelled()) {
                throw new CancellationException(cancellation.reason());
            }
            int[] z = draw.labels();
            int k = ExpectedLoss.labels(z);
            comp.ensureCapacity(k + 1);
            comp.clearAll();
            for (int r = 0; r < n; r++) {
                comp.add(r, z[r]);
            }
            double[] share = share(z, k, comp);
            double[] prior = new double[k + 1];
            for (int j = 0; j < k; j++) {
                prior[j] = Math.log(slots > 0 ? comp.size(j) + draw.alpha() : comp.size(j));
            }
            // slot k stands for every empty slot: K - k of a finite mixture, one new cluster of a DP
            prior[k] = slots > 0 ? (slots > k ? Math.log((slots - k) * draw.alpha()) : Double.NEGATIVE_INFINITY)
                    : Math.log(draw.alpha());
            logW = logW.length >= k + 1 ? logW : new double[k + 1];
            for (int i = 0; i < m; i++) {
                comp.logPredictives(n + i, k + 1, logW);
                for (int j = 0; j <= k; j++) {
                    logW[j] += prior[j];
                }
                LogMath.probabilitiesFromLog(logW, 0, k + 1, logW);
                double[] qi = q[i];
                for (int j = 0; j < k; j++) {
                    double p = logW[j];
                    for (int c = 0, b = j * clusters; c < clusters; c++) {
                        qi[c] += p * share[b + c];
                    }
                }
                fresh[i] += logW[k];
            }
        }
        double s = draws.size();
        for (int i = 0; i < m; i++) {
            for (int c = 0; c < clusters; c++) {
                q[i][c] /= s;
            }
            fresh[i] /= s;
        }
        ClusterPredictions first = new ClusterPredictions(q, fresh, draws.size(), found.unseen, null);
        return new ClusterPredictions(q, fresh, draws.size(), found.unseen, found.knownWords,
                agreement(rows, first.clusters()));
    }

    /** {@code share[j * clusters + c]} = |slot j ∩ estimate cluster c| / |slot j| for the draw {@code z}. */
    private double[] share(int[] z, int k, Components comp) {
        double[] share = new double[k * clusters];
        for (int r = 0; r < z.length; r++) {
            share[z[r] * clusters + estimate[r]]++;
        }
        for (int j = 0; j < k; j++) {
            double size = comp.size(j);
            for (int c = 0; c < clusters; c++) {
                share[j * clusters + c] /= size;
            }
        }
        return share;
    }

    /** ARI and NMI of {@code predicted} against the rows' labels (unlabelled rows left out); null without labels. */
    private static ClusterPredictions.Agreement agreement(Dataset rows, int[] predicted) {
        CategoricalColumn labels = rows.labels().orElse(null);
        if (labels == null) {
            return null;
        }
        int[] truth = labels.codes();
        int labelled = 0;
        for (int t : truth) {
            labelled += t == CategoricalColumn.MISSING ? 0 : 1;
        }
        return labelled == 0 ? null : new ClusterPredictions.Agreement(labelled,
                ClusterAgreement.adjustedRandIndex(truth, predicted),
                ClusterAgreement.normalizedMutualInformation(truth, predicted));
    }
}

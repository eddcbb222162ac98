package io.plate.sampler.mixture.impl;

import io.plate.api.HeapCheck;
import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ClusterPredictions;
import io.plate.api.sample.ClusterPredictor;
import io.plate.distributions.numerics.LogMath;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.stream.IntStream;

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

    /** The table of a run directory ({@code partitions.csv}) that keeps the draws this predictor assigns with. */
    static final String TABLE = "partitions";
    private static final List<String> HEADER = List.of("alpha", "labels");

    /** The draws as the run directory keeps them: one row a draw, its α and its labels separated by spaces. */
    io.plate.api.sample.Table table() {
        List<List<String>> rows = new ArrayList<>(draws.size());
        for (Draw d : draws) {
            StringBuilder b = new StringBuilder(d.labels().length * 3);
            for (int l : d.labels()) {
                b.append(b.length() == 0 ? "" : " ").append(l);
            }
            rows.add(List.of(Double.toString(d.alpha()), b.toString()));
        }
        return new io.plate.api.sample.Table(HEADER, rows);
    }

    /**
     * The draws of {@code table} (as {@link #table()} writes it), each of {@code rows} labels.
     *
     * @throws PlateException naming partitions.csv and the line of a damaged row
     */
    static List<Draw> draws(io.plate.api.sample.Table table, int rows) {
        if (!table.header().equals(HEADER)) {
            throw new PlateException(TABLE + ".csv: the header is " + table.header() + ", not " + HEADER);
        }
        List<Draw> out = new ArrayList<>(table.rows().size());
        for (int i = 0; i < table.rows().size(); i++) {
            List<String> r = table.rows().get(i);
            String at = TABLE + ".csv, line " + (i + 2) + ": ";
            try {
                double alpha = Double.parseDouble(r.get(0));
                String[] words = r.get(1).isEmpty() ? new String[0] : r.get(1).split(" ");
                if (words.length != rows) {
                    throw new PlateException(at + words.length + " labels, where the run has " + rows + " rows");
                }
                int[] labels = new int[rows];
                for (int j = 0; j < rows; j++) {
                    labels[j] = Integer.parseInt(words[j]);
                }
                if (!(alpha > 0) || !everyLabelUsed(labels)) {
                    throw new PlateException(at + "an alpha of " + r.get(0) + ", or labels that are not 0 … k - 1 each used");
                }
                out.add(new Draw(labels, alpha));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new PlateException(at + "not an alpha and a list of whole-number labels", e);
            }
        }
        if (out.isEmpty()) {
            throw new PlateException(TABLE + ".csv holds no draw");
        }
        return out;
    }

    /** Whether the labels are 0 … k - 1, each used by a row (a draw's occupied slots, as the run stores them). */
    private static boolean everyLabelUsed(int[] labels) {
        if (java.util.Arrays.stream(labels).anyMatch(l -> l < 0 || l >= labels.length)) {
            return false;
        }
        return java.util.Arrays.stream(labels).distinct().count() == ExpectedLoss.labels(labels);
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
        return predict(rows, cancellation, Runtime.getRuntime().availableProcessors());
    }

    /**
     * As {@link #predict(Dataset, Cancellation)} on {@code threads} threads: the draws are cut into that many
     * consecutive blocks, each summed by one thread with its own statistics, and the blocks' sums are added in
     * their order, so the result does not depend on the threads' timing.
     */
    ClusterPredictions predict(Dataset rows, Cancellation cancellation, int threads) {
        int m = rows.rows();
        int blocks = Math.max(1, Math.min(threads, draws.size()));
        int maxK = 0;
        for (Draw d : draws) {
            maxK = Math.max(maxK, ExpectedLoss.labels(d.labels()));
        }
        RowsRead found = new RowsRead();
        D all = model.withRows().read(training, rows, params, found);
        Components first = model.components().apply(all, params);
        // each block's sums and statistics (one of them kept for the result)
        long perBlock = 8L * m * (clusters + 1) + (maxK + 1L) * first.bytesPerSlot();
        HeapCheck.require(blocks * perBlock, String.format(Locale.ROOT, "predicting the clusters of %d rows of '%s'",
                m, rows.name()), String.format(Locale.ROOT, "%d threads × %s: %d rows × %d clusters and %d slots' statistics",
                        blocks, HeapCheck.bytes(perBlock), m, clusters, maxK + 1), ", or predict fewer rows at a time");
        double[][][] q = new double[blocks][][];
        double[][] fresh = new double[blocks][];
        IntStream.range(0, blocks).parallel().forEach(b -> {
            Components comp = b == 0 ? first : model.components().apply(all, params);
            q[b] = new double[m][clusters];
            fresh[b] = new double[m];
            for (Draw draw : draws.subList(b * draws.size() / blocks, (b + 1) * draws.size() / blocks)) {
                if (cancellation != null && cancellation.isCancelled()) {
                    throw new CancellationException(cancellation.reason());
                }
                add(draw, comp, m, q[b], fresh[b]);
            }
        });
        double s = draws.size();
        for (int b = 1; b < blocks; b++) {
            for (int i = 0; i < m; i++) {
                for (int c = 0; c < clusters; c++) {
                    q[0][i][c] += q[b][i][c];
                }
                fresh[0][i] += fresh[b][i];
            }
        }
        for (int i = 0; i < m; i++) {
            for (int c = 0; c < clusters; c++) {
                q[0][i][c] /= s;
            }
            fresh[0][i] /= s;
        }
        ClusterPredictions argmax = new ClusterPredictions(q[0], fresh[0], draws.size(), found.unseen, null);
        return new ClusterPredictions(q[0], fresh[0], draws.size(), found.unseen, found.knownWords,
                agreement(rows, argmax.clusters()));
    }

    /** Adds one draw's p(c | x, z) of each new row (after the n training rows of {@code comp}) to {@code q} and {@code fresh}. */
    private void add(Draw draw, Components comp, int m, double[][] q, double[] fresh) {
        int n = estimate.length;
        int[] z = draw.labels();
        int k = ExpectedLoss.labels(z);
        comp.ensureCapacity(k + 1);
        comp.fill(z); // the n training rows; the new rows after them are only scored
        double[] share = share(z, k, comp);
        double[] prior = new double[k + 1];
        for (int j = 0; j < k; j++) {
            prior[j] = Math.log(slots > 0 ? comp.size(j) + draw.alpha() : comp.size(j));
        }
        // slot k stands for every empty slot: K - k of a finite mixture, one new cluster of a DP
        prior[k] = slots > 0 ? (slots > k ? Math.log((slots - k) * draw.alpha()) : Double.NEGATIVE_INFINITY)
                : Math.log(draw.alpha());
        double[] logW = new double[k + 1];
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

package io.plate.sampler.sparse.impl;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.Model;
import io.plate.api.learn.Provenance;
import io.plate.api.learn.UnseenLevels;
import io.plate.api.sample.Distributions;
import io.plate.api.text.TextTable;
import io.plate.distributions.numerics.LogMath;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A fitted {@code nb.sparse} model: the class counts, the per-class category counts, the hyperparameters
 * and the posterior predictive E[θ | data] of every (class, feature, category). Immutable. Classes are
 * kept in sorted order. {@link #classProbabilityIntervals} adds credible intervals on the class
 * probabilities from exact posterior draws.
 */
public final class SparseNaiveBayesModel implements Model, Explainable {
    private final Provenance provenance;
    private final CountTable table; // classes sorted
    private final Hyperparameters hyper;
    private final double[] predictive; // per slot of table
    private final double[] logPredictive;
    private final double classPrior;
    private final double[] classLogPrior;
    private final double interval;
    private final int intervalDraws;
    private final Distributions distributions; // for interval draws; may be null
    private final int perClass;
    /** What the fit left out of its data (CountTable.ignored), or ""; not kept in the model file. */
    private volatile String ignored = "";

    SparseNaiveBayesModel(Provenance provenance, CountTable table, Hyperparameters hyper, double[] predictive,
            double classPrior, double interval, int intervalDraws, Distributions distributions) {
        this.provenance = provenance;
        this.table = table;
        this.hyper = hyper;
        this.predictive = predictive.clone();
        this.classPrior = classPrior;
        this.interval = interval;
        this.intervalDraws = intervalDraws;
        this.distributions = distributions;
        if (table.groups().size() != 1) {
            throw new IllegalArgumentException("nb.sparse models have one group");
        }
        if (predictive.length != table.slots()) {
            throw new IllegalArgumentException(predictive.length + " predictive values for " + table.slots() + " slots");
        }
        if (!io.plate.api.data.LevelNumbers.sorted(table.classes()).equals(table.classes())) {
            throw new IllegalArgumentException("classes must be in class order (by value when all are numbers)");
        }
        this.perClass = table.slots() / table.classes().size();
        this.logPredictive = new double[predictive.length];
        for (int s = 0; s < predictive.length; s++) {
            logPredictive[s] = Math.log(predictive[s]);
        }
        int k = table.classes().size();
        double n = 0;
        for (int y = 0; y < k; y++) {
            n += table.classRows(y);
        }
        classLogPrior = new double[k];
        for (int y = 0; y < k; y++) {
            classLogPrior[y] = Math.log((table.classRows(y) + classPrior) / (n + k * classPrior));
        }
    }

    /** A model over {@code table} (in any class order), sorting the classes. */
    static SparseNaiveBayesModel create(Provenance provenance, CountTable table, Hyperparameters hyper,
            double[] predictive, double classPrior, double interval, int intervalDraws, Distributions distributions) {
        int k = table.classes().size();
        Integer[] order = new Integer[k];
        for (int y = 0; y < k; y++) {
            order[y] = y;
        }
        // scikit-learn's classes_ order, as every learner: by value when every class is a number (2, 10, 100)
        List<String> sortedNames = io.plate.api.data.LevelNumbers.sorted(table.classes());
        Arrays.sort(order, (x, y) -> Integer.compare(sortedNames.indexOf(table.classes().get(x)),
                sortedNames.indexOf(table.classes().get(y))));
        int per = table.slots() / k;
        int[] counts = new int[table.slots()];
        double[] pred = new double[table.slots()];
        int[] rows = new int[k];
        List<String> classes = new ArrayList<>();
        for (int y = 0; y < k; y++) {
            int from = order[y];
            classes.add(table.classes().get(from));
            rows[y] = table.classRows(from);
            for (int s = 0; s < per; s++) {
                counts[y * per + s] = table.count(from * per + s);
                pred[y * per + s] = predictive[from * per + s];
            }
        }
        List<List<String>> levels = new ArrayList<>();
        for (int i = 0; i < table.features().size(); i++) {
            levels.add(table.levels(i));
        }
        CountTable sorted = new CountTable(classes, table.groups(), table.features(), levels, counts, rows);
        return new SparseNaiveBayesModel(provenance, sorted, hyper, pred, classPrior, interval, intervalDraws,
                distributions);
    }

    /** Notes what the fit left out of its data, for the line "ignores …" of {@link #toString}. */
    SparseNaiveBayesModel ignored(String what) {
        this.ignored = what;
        return this;
    }

    @Override
    public String type() {
        return SparseNaiveBayes.NAME;
    }

    @Override
    public Optional<List<String>> columns() {
        return Optional.of(table.features());
    }

    @Override
    public List<String> classes() {
        return table.classes();
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }

    CountTable table() {
        return table;
    }

    Hyperparameters hyperparameters() {
        return hyper;
    }

    double predictive(int slot) {
        return predictive[slot];
    }

    double classPrior() {
        return classPrior;
    }

    double interval() {
        return interval;
    }

    int intervalDraws() {
        return intervalDraws;
    }

    /**
     * Log class scores of every row: log prior plus the log predictive of each feature's category, the
     * categories given as {@link #slots}.
     */
    private double[][] scores(int[][] slots, int rows, double[] logTheta, double[] logPrior) {
        int k = classes().size();
        double[][] out = new double[rows][];
        for (int r = 0; r < out.length; r++) {
            out[r] = logPrior.clone();
        }
        for (int[] feature : slots) {
            for (int r = 0; r < out.length; r++) {
                int j = feature[r];
                if (j < 0) {
                    continue;
                }
                for (int y = 0; y < k; y++) {
                    out[r][y] += logTheta[y * perClass + j];
                }
            }
        }
        return out;
    }

    /**
     * For each feature and row of {@code data}, the slot (within one class) of the row's category, or -1
     * where the value is missing or a level the model never saw: those features are left out of the score.
     */
    private int[][] slots(Dataset data) {
        int[][] out = new int[table.features().size()][data.rows()];
        int offset = 0;
        for (int i = 0; i < out.length; i++) {
            CategoricalColumn col = column(data, table.features().get(i));
            int[] map = col.mapTo(table.levels(i));
            for (int r = 0; r < data.rows(); r++) {
                int code = col.code(r);
                out[i][r] = code == CategoricalColumn.MISSING || map[code] < 0 ? -1 : offset + map[code];
            }
            offset += table.levels(i).size();
        }
        return out;
    }

    /** The cells {@link #slots} leaves out because the model never saw their level (a missing value is not one). */
    @Override
    public List<UnseenLevels> unseenLevels(Dataset data) {
        List<UnseenLevels> out = new ArrayList<>();
        for (int i = 0; i < table.features().size(); i++) {
            String name = table.features().get(i);
            UnseenLevels.of(name, column(data, name), table.levels(i)).ifPresent(out::add);
        }
        return out;
    }

    private static CategoricalColumn column(Dataset data, String name) {
        // a numeric column of a test file (codes such as 007 read as numbers) is read as levels
        return data.levelsOf(name).orElseThrow(() -> new PlateException("dataset '" + data.name()
                + "' has no categorical column '" + name + "', a feature of this nb.sparse model"));
    }

    @Override
    public double[][] predictLogProba(Dataset data) {
        double[][] s = scores(slots(data), data.rows(), logPredictive, classLogPrior);
        for (int r = 0; r < s.length; r++) {
            double lse = LogMath.logSumExp(s[r]);
            if (!(lse > Double.NEGATIVE_INFINITY)) {
                throw new PlateException("row " + (r + 1) + " of '" + data.name()
                        + "' has probability 0 under every class (a category no draw ever activated;"
                        + " use predictive=exact)");
            }
            for (int y = 0; y < s[r].length; y++) {
                s[r][y] -= lse;
            }
        }
        return s;
    }

    /**
     * Row {@code row} as the terms {@link #predictLogProba} sums: the class log prior and, per feature whose
     * value is present and known to the model, the log of the fitted predictive of that category in each
     * class (E[θ] for {@code predictive=exact}, the average of θ over the draws for {@code sampled}).
     */
    @Override
    public Explanation explain(Dataset data, int row) {
        if (row < 0 || row >= data.rows()) {
            throw new PlateException("row " + (row + 1) + " is outside dataset '" + data.name() + "' (1.."
                    + data.rows() + ")");
        }
        Dataset one = data.select(new int[] {row});
        double[] logProba = predictLogProba(one)[0];
        int k = classes().size();
        int[][] slots = slots(one);
        List<Explanation.Term> terms = new ArrayList<>();
        for (int i = 0; i < slots.length; i++) {
            int j = slots[i][0];
            if (j < 0) {
                continue;
            }
            double[] t = new double[k];
            for (int y = 0; y < k; y++) {
                t[y] = logPredictive[y * perClass + j];
            }
            String name = table.features().get(i);
            terms.add(new Explanation.Term(name, column(one, name).level(0), t));
        }
        return new Explanation(classes(), classLogPrior, terms, logProba);
    }

    /** None: a categorical model has no per-feature weight independent of the row (as nb.categorical). */
    @Override
    public List<List<FeatureWeight>> tellingFeatures(int top) {
        return List.of();
    }

    /**
     * Central credible intervals (level {@code interval}) of each row's class probabilities, from
     * {@code intervalDraws} exact posterior draws of θ and of the class probabilities (Dirichlet(N_y + c)).
     * The draws use stream 1 of the model's seed, so the intervals are reproducible.
     */
    public ClassIntervals classProbabilityIntervals(Dataset data) {
        if (distributions == null) {
            throw new PlateException("this nb.sparse model has no Distributions service to draw from");
        }
        ExactPosterior exact = ExactPosterior.of(new SparseModel(table, hyper));
        UniformRandomProvider rng = distributions.stream(provenance.seed(), 1);
        int k = classes().size();
        int rows = data.rows();
        double[][][] probs = new double[rows][k][intervalDraws];
        double[] theta = new double[table.slots()];
        double[] logTheta = new double[table.slots()];
        double[] logPrior = new double[k];
        int[][] slots = slots(data);
        for (int d = 0; d < intervalDraws; d++) {
            exact.sampleTheta(rng, distributions, theta);
            for (int s = 0; s < theta.length; s++) {
                logTheta[s] = Math.log(theta[s]);
            }
            for (int y = 0; y < k; y++) {
                logPrior[y] = distributions.nextLogGamma(rng, table.classRows(y) + classPrior);
            }
            LogMath.normalizeLog(logPrior);
            double[][] sc = scores(slots, rows, logTheta, logPrior);
            for (int r = 0; r < rows; r++) {
                double lse = LogMath.logSumExp(sc[r]);
                for (int y = 0; y < k; y++) {
                    probs[r][y][d] = lse > Double.NEGATIVE_INFINITY ? Math.exp(sc[r][y] - lse) : 1.0 / k;
                }
            }
        }
        double[][] mean = new double[rows][k];
        double[][] lo = new double[rows][k];
        double[][] hi = new double[rows][k];
        double[][] point = predictLogProba(data);
        for (int r = 0; r < rows; r++) {
            for (int y = 0; y < k; y++) {
                double[] v = probs[r][y];
                Arrays.sort(v);
                lo[r][y] = io.plate.mcmc.Diagnostics.quantileOfSorted(v, (1 - interval) / 2);
                hi[r][y] = io.plate.mcmc.Diagnostics.quantileOfSorted(v, 1 - (1 - interval) / 2);
                mean[r][y] = Math.exp(point[r][y]);
            }
        }
        return new ClassIntervals(classes(), interval, mean, lo, hi);
    }

    /** Class probabilities with credible intervals, per row. */
    public record ClassIntervals(List<String> classes, double level, double[][] probability, double[][] lower,
            double[][] upper) {
        /** The shell's table (rows from 1): per class its probability, then its interval, aligned by {@link TextTable}. */
        @Override
        public String toString() {
            String interval = String.format(Locale.ROOT, "%.0f%% interval", 100 * level);
            List<String> header = new ArrayList<>(List.of("row"));
            for (String c : classes) {
                header.add(c);
                header.add(interval);
            }
            TextTable t = new TextTable(header.toArray(new String[0]));
            for (int r = 0; r < probability.length; r++) {
                List<Object> cells = new ArrayList<>(List.of(r + 1));
                for (int y = 0; y < classes.size(); y++) {
                    cells.add(String.format(Locale.ROOT, "%.3f", probability[r][y]));
                    cells.add(String.format(Locale.ROOT, "[%.3f, %.3f]", lower[r][y], upper[r][y]));
                }
                t.row(cells.toArray());
            }
            return t.toString();
        }
    }

    @Override
    public void writeJson(OutputStream out) throws IOException {
        SparseModelFile.write(this, out);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "nb.sparse model: %s %s, %s, %s", io.plate.api.text.Plural.of(classes().size(),
                "class", "classes"), classes(), io.plate.api.text.Plural.of(table.features().size(), "feature"),
                new java.util.TreeMap<>(provenance.params())) // sorted: Map.copyOf has no fixed order
                + (ignored.isEmpty() ? "" : "\nignores " + ignored);
    }
}

package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.Table;
import io.plate.api.sample.Trace;
import io.plate.api.text.NearestName;
import io.plate.distributions.numerics.PrincipalComponents;
import io.plate.mcmc.Diagnostics;
import io.plate.plot.Panel;
import io.plate.plot.Plot;
import io.plate.plot.Series;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the figures of {@code plate:plot} and {@code plate:trace --plot} from Plate's values. */
public final class Figures {
    /** Points at which the running R-hat is evaluated. */
    private static final int RHAT_POINTS = 40;

    private Figures() {
    }

    /**
     * Draws per chain that a trace panel shows at most (about one per pixel of its width): every k-th kept
     * draw and the last. 5,900 draws x 2 chains x 3 summaries made a 9.4 MB SVG (2.3 MB at 1,000 points);
     * every draw stays in the run's trace.csv.
     */
    static final int TRACE_POINTS = 600;

    /**
     * For each summary: its trace per chain (thinned to {@link #TRACE_POINTS}), and the running split R-hat
     * beside it (not for one chain); {@code runName} names the run in the message when it has no kept draws (stopped during burn-in).
     */
    public static void trace(String runName, Posterior run, Path file) throws IOException {
        Trace t = run.trace();
        int kept = 0;
        for (int c = 0; c < t.chains(); c++) {
            kept += t.draws(c);
        }
        if (kept == 0 || t.summaryNames().isEmpty()) {
            throw new PlateException("run '" + runName + "' has no kept draws to plot");
        }
        List<Panel> panels = new ArrayList<>();
        for (int s = 0; s < t.summaryNames().size(); s++) {
            String name = t.summaryNames().get(s);
            List<Series> lines = new ArrayList<>();
            for (int c = 0; c < t.chains(); c++) {
                int n = t.draws(c);
                int[] shown = thinned(n, TRACE_POINTS);
                double[] x = new double[shown.length];
                double[] y = new double[shown.length];
                double[] all = t.series(c, s);
                for (int i = 0; i < shown.length; i++) {
                    x[i] = t.iteration(c, shown[i]);
                    y[i] = all[shown[i]];
                }
                lines.add(Series.of("chain " + c, x, y)); // numbered as trace.csv and plate:trace number them
            }
            // one chain has no R-hat at all: no R-hat column, whose flat line at 1 read as perfect mixing
            if (t.chains() < 2) {
                panels.add(Plot.line(name + " — trace (one chain: no R-hat)", "iteration", name, lines));
                continue;
            }
            panels.add(Plot.line(name + " — trace", "iteration", name, lines));
            // one series has no legend: the title carries its name (undefined, or infinity drawn at the top)
            Series rhat = runningRhat(t.series(s));
            panels.add(Plot.line(name + " — running " + rhat.name(), "kept draws", "R-hat", List.of(rhat)));
        }
        Plot.write(file, t.chains() < 2 ? 1 : 2, panels);
    }

    /** Indices 0, k, 2k, … and n - 1 of {@code n} draws, at most about {@code max} of them. */
    static int[] thinned(int n, int max) {
        if (n <= max) {
            int[] all = new int[n];
            for (int i = 0; i < n; i++) {
                all[i] = i;
            }
            return all;
        }
        int k = (n + max - 1) / max;
        int m = (n - 1) / k + 1;
        boolean last = (n - 1) % k != 0;
        int[] out = new int[m + (last ? 1 : 0)];
        for (int i = 0; i < m; i++) {
            out[i] = i * k;
        }
        if (last) {
            out[m] = n - 1;
        }
        return out;
    }

    static Series runningRhat(double[][] chains) {
        double[][] pts = Diagnostics.runningSplitRhat(chains, RHAT_POINTS);
        if (pts[0].length == 0) {
            int n = Integer.MAX_VALUE;
            for (double[] c : chains) {
                n = Math.min(n, c.length);
            }
            // one chain, too few draws, or draws that are all one value: R-hat is undefined; the line marks 1
            String why = chains.length < 2 ? "needs 2+ chains" : n < Diagnostics.MIN_DRAWS ? "needs "
                    + Diagnostics.MIN_DRAWS + "+ draws per chain" : "the draws are all one value";
            return Series.of("R-hat (undefined: " + why + ")", new double[] {0, Math.max(1, n)}, new double[] {1, 1});
        }
        // +Infinity (chains constant at different values) has no place on an axis: drawn at the panel's top
        double top = 2;
        boolean infinite = false;
        for (double r : pts[1]) {
            infinite |= r == Double.POSITIVE_INFINITY;
            top = Double.isFinite(r) ? Math.max(top, 1.5 * r) : top;
        }
        if (!infinite) {
            return Series.of("split R-hat", pts[0], pts[1]);
        }
        double[] y = pts[1].clone();
        for (int i = 0; i < y.length; i++) {
            y[i] = Double.isFinite(y[i]) ? y[i] : top;
        }
        return Series.of(String.format(java.util.Locale.ROOT, "split R-hat (inf drawn at %.3g: chains constant at"
                + " different values)", top), pts[0], y);
    }

    /** The clustering of a mixture run, which a cluster plot draws. */
    public static Clustering clustering(Posterior run) {
        return run.clustering().orElseThrow(() -> new PlateException("run of " + run.sampler()
                + " has no clustering to plot"));
    }

    /**
     * Rows of the run's dataset in two dimensions, coloured by cluster of the point estimate; {@code clustersCsv}: the
     * run directory's clusters.csv as the user named it, or null (a run kept without --out).
     */
    public static void clusters(Posterior run, Dataset data, String xColumn, String yColumn, Path file,
            String clustersCsv) throws IOException {
        Clustering clustering = clustering(run);
        if (data.rows() != clustering.rows()) {
            throw new PlateException("dataset '" + data.name() + "' has " + data.rows() + " rows but the run clustered "
                    + clustering.rows());
        }
        Axes axes = clusterAxes(data, xColumn, yColumn, clustersCsv);
        double[][] xy = axes.xy();
        String xl = axes.x();
        String yl = axes.y();
        int[] assignments = clustering.assignments();
        Map<String, List<double[]>> byCluster = new LinkedHashMap<>();
        for (int cluster = 0; cluster < clustering.clusters().size(); cluster++) {
            byCluster.put("cluster " + cluster, new ArrayList<>());
        }
        for (int row = 0; row < assignments.length; row++) {
            if (Double.isNaN(xy[0][row]) || Double.isNaN(xy[1][row])) {
                continue;
            }
            byCluster.get("cluster " + assignments[row]).add(new double[] {xy[0][row], xy[1][row]});
        }
        List<Series> series = new ArrayList<>();
        for (Map.Entry<String, List<double[]>> e : byCluster.entrySet()) {
            double[] x = new double[e.getValue().size()];
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = e.getValue().get(i)[0];
                y[i] = e.getValue().get(i)[1];
            }
            series.add(Series.of(e.getKey() + " (" + x.length + ")", x, y));
        }
        Plot.write(file, 1, List.of(Plot.scatter(run.sampler() + " on " + data.name() + " — point estimate (" + clustering.loss().key() + ")",
                xl, yl, series)));
    }

    /** The two coordinates of a cluster scatter and their axis titles. */
    record Axes(double[][] xy, String x, String y) {
    }

    /**
     * The columns given, else one numeric column against the row number, the two numeric columns of a 2-D
     * dataset on their own axes, or the first two principal components of the numeric columns.
     */
    static Axes clusterAxes(Dataset data, String xColumn, String yColumn, String clustersCsv) {
        if (xColumn != null || yColumn != null) {
            if (xColumn == null || yColumn == null) {
                throw new PlateException("give both --x and --y, or neither (first two principal components)");
            }
            return new Axes(new double[][] {column(data, xColumn), column(data, yColumn)}, xColumn, yColumn);
        }
        if (data.numeric().isEmpty()) {
            throw new PlateException("plate:plot clusters draws numeric columns, and dataset '" + data.name() + "' has"
                    + " none: the clusters' most probable levels or words are in " + (clustersCsv != null ? clustersCsv
                            : "clusters.csv of the run directory (--out DIR)"));
        }
        if (data.numeric().size() == 1) {
            // one column: its values across, each row at its number up the page, so clusters are bands
            String x = data.numeric().get(0).name();
            double[] row = new double[data.rows()];
            for (int r = 0; r < row.length; r++) {
                row[r] = r + 1; // numbered from 1, as in assignments.csv
            }
            return new Axes(new double[][] {column(data, x), row}, x, "row (as in assignments.csv)");
        }
        if (data.numeric().size() == 2) {
            // two columns are their own best axes: plot them, not two principal components of them
            String x = data.numeric().get(0).name();
            String y = data.numeric().get(1).name();
            return new Axes(new double[][] {column(data, x), column(data, y)}, x, y);
        }
        return new Axes(principalComponents(data), "principal component 1", "principal component 2");
    }

    private static double[] column(Dataset data, String name) {
        for (NumericColumn c : data.numeric()) {
            if (c.name().equals(name)) {
                return c.values();
            }
        }
        List<String> names = new ArrayList<>();
        data.numeric().forEach(c -> names.add(c.name()));
        throw new PlateException("dataset '" + data.name() + "' has no numeric column '" + name + "'; numeric: "
                + names);
    }

    /** Projects the numeric columns (standardised, rows with a missing value dropped) on the first two PCs. */
    static double[][] principalComponents(Dataset data) {
        List<NumericColumn> cols = data.numeric();
        if (cols.size() < 2) {
            throw new PlateException("dataset '" + data.name() + "' has " + cols.size()
                    + " numeric columns; a cluster scatter needs at least 2");
        }
        double[][] x = new double[cols.size()][];
        for (int j = 0; j < x.length; j++) {
            x[j] = cols.get(j).values();
        }
        return PrincipalComponents.scores(x, 2);
    }

    /** The confusion matrix of an evaluation as a heat map (rows = true class). */
    public static void confusion(EvaluationReport report, Path file) throws IOException {
        if (report.isRegression()) {
            throw new PlateException("a regression evaluation has no confusion matrix");
        }
        long[][] c = report.confusion();
        double[][] v = new double[c.length][];
        for (int i = 0; i < c.length; i++) {
            v[i] = new double[c[i].length];
            for (int j = 0; j < c[i].length; j++) {
                v[i][j] = c[i][j];
            }
        }
        Plot.write(file, 1, List.of(Plot.heatmap(String.format("%s on %s — confusion (rows: true, columns: predicted),"
                + " accuracy %.4f", report.learner(), report.dataset(), report.accuracy()), report.classes(),
                report.classes(), v)));
    }

    /** Names listed after an unknown one when none is close enough to be its typo. */
    private static final int LISTED_NAMES = 20;

    /** "(did you mean X?)" for the known name closest to a mistyped one ({@link NearestName}), else the known names. */
    static String nearestOrList(String word, java.util.Collection<String> names) {
        String near = NearestName.suggestion(word, names);
        if (!near.isEmpty()) {
            return near;
        }
        List<String> listed = new ArrayList<>(names).subList(0, Math.min(names.size(), LISTED_NAMES));
        return "; known: " + String.join(", ", listed) + (names.size() > LISTED_NAMES ? ", … (" + names.size() + " in all)" : "");
    }

    /** Features drawn by {@code plate:plot theta} without {@code --feature}; more are ranked and the top kept. */
    static final int THETA_PANELS = 12;

    /**
     * Posterior mean ± sd of θ for every category of a feature, one bar group per class. With a feature
     * named, that feature; otherwise every feature as small multiples, or, past {@value #THETA_PANELS}
     * features, the ones whose θ differs most between classes (largest spread of a category's mean).
     */
    public static void theta(Posterior run, String feature, Path file) throws IOException {
        Table theta = run.tables().get("theta");
        if (theta == null) {
            throw new PlateException("run of " + run.sampler() + " has no theta table");
        }
        List<String> h = theta.header();
        int fi = h.indexOf("feature");
        Map<String, List<List<String>>> byFeature = new LinkedHashMap<>();
        for (List<String> r : theta.rows()) {
            byFeature.computeIfAbsent(r.get(fi), k -> new ArrayList<>()).add(r);
        }
        if (feature != null && !byFeature.containsKey(feature)) {
            throw new PlateException("no feature named '" + feature + "' in the run's theta table"
                    + nearestOrList(feature, byFeature.keySet()));
        }
        if (byFeature.isEmpty()) {
            throw new PlateException("the run's theta table is empty");
        }
        List<String> shown = new ArrayList<>();
        String which;
        if (feature != null) {
            shown.add(feature);
            which = "";
        } else if (byFeature.size() <= THETA_PANELS) {
            shown.addAll(byFeature.keySet());
            which = byFeature.size() == 1 ? "" : ", every feature";
        } else {
            List<String> ranked = new ArrayList<>(byFeature.keySet());
            Map<String, Double> spread = new java.util.HashMap<>();
            for (String f : ranked) {
                spread.put(f, spread(h, byFeature.get(f)));
            }
            ranked.sort((a, b) -> Double.compare(spread.get(b), spread.get(a)));
            shown.addAll(ranked.subList(0, THETA_PANELS));
            which = ", the " + THETA_PANELS + " of " + byFeature.size() + " features whose θ differs most between classes";
        }
        // what the panels share goes to the caption, so that a panel's title is the feature alone; full names
        // of titles shortened to fit their panel are kept there too
        List<Panel> panels = new ArrayList<>();
        List<String> shortened = new ArrayList<>();
        for (String f : shown) {
            String title = "θ of " + f;
            if (!Plot.shortTitle(title).equals(title)) {
                shortened.add(Plot.shortTitle(title) + " = θ of " + f);
            }
            panels.add(thetaPanel(h, f, byFeature.get(f), title));
        }
        String caption = run.sampler() + ": posterior mean ± sd of θ per class" + which
                + (shortened.isEmpty() ? "" : "; shortened titles: " + String.join("; ", shortened));
        Plot.write(file, Math.min(3, panels.size()), panels, caption);
    }

    /** The largest difference between two classes' posterior mean θ of one category of a feature. */
    private static double spread(List<String> h, List<List<String>> rows) {
        int ki = h.indexOf("category");
        int mi = h.indexOf("theta_mean");
        Map<String, double[]> range = new LinkedHashMap<>();
        for (List<String> r : rows) {
            double m = Double.parseDouble(r.get(mi));
            double[] mm = range.computeIfAbsent(r.get(ki), k -> new double[] {m, m});
            mm[0] = Math.min(mm[0], m);
            mm[1] = Math.max(mm[1], m);
        }
        double best = 0;
        for (double[] mm : range.values()) {
            best = Math.max(best, mm[1] - mm[0]);
        }
        return best;
    }

    private static Panel thetaPanel(List<String> h, String f, List<List<String>> rows, String title) {
        int ci = h.indexOf("class");
        int ki = h.indexOf("category");
        int mi = h.indexOf("theta_mean");
        int si = h.indexOf("theta_sd");
        List<String> categories = new ArrayList<>();
        Map<String, Map<String, double[]>> byClass = new LinkedHashMap<>();
        for (List<String> r : rows) {
            if (!categories.contains(r.get(ki))) {
                categories.add(r.get(ki));
            }
            byClass.computeIfAbsent(r.get(ci), k -> new LinkedHashMap<>()).put(r.get(ki),
                    new double[] {Double.parseDouble(r.get(mi)), Double.parseDouble(r.get(si))});
        }
        List<Series> series = new ArrayList<>();
        for (Map.Entry<String, Map<String, double[]>> e : byClass.entrySet()) {
            double[] x = new double[categories.size()];
            double[] y = new double[categories.size()];
            double[] err = new double[categories.size()];
            for (int i = 0; i < categories.size(); i++) {
                x[i] = i;
                double[] ms = e.getValue().getOrDefault(categories.get(i), new double[] {0, 0});
                y[i] = ms[0];
                err[i] = ms[1];
            }
            series.add(new Series("class " + e.getKey(), x, y, err));
        }
        return Plot.bars(title, "category", "θ", categories, series);
    }

    /**
     * How {@code plate:plot lines} imports its CSV file: every column a feature, {@code x} and {@code y} numbers
     * (a cell that is not one fails naming its line; {@code ?}, empty and {@code NA} are missing).
     */
    static io.plate.api.data.ImportOptions tableOptions(String x, String y) {
        return io.plate.api.data.ImportOptions.builder().name("plot").noLabel(true)
                .numeric(new java.util.LinkedHashSet<>(List.of(x, y))).build();
    }

    /**
     * A line per group of a CSV file, read by the CSV importer into {@code table} ({@link #tableOptions}):
     * {@code y} against {@code x}, one line for each distinct value of the {@code group} column(s), e.g.
     * accuracy against number of features per learner. A row without a number in {@code x} or {@code y} is left
     * out; returns the note that says so ("" when none). Values too large to place on an axis are refused.
     */
    public static String csvLines(Dataset table, Path csv, String x, String y, List<String> group, Path file)
            throws IOException {
        NumericColumn xc = numbers(table, csv, x);
        NumericColumn yc = numbers(table, csv, y);
        List<io.plate.api.data.CategoricalColumn> groups = new ArrayList<>();
        for (String g : group) {
            groups.add(table.levelsOf(g).orElseThrow(() -> new PlateException(csv + ": no column '" + g + "'"
                    + NearestName.suggestion(g, columns(table)) + "; columns: " + columns(table))));
        }
        Map<String, List<double[]>> byGroup = new LinkedHashMap<>();
        int leftOut = 0;
        for (int r = 0; r < table.rows(); r++) {
            double xv = xc.value(r);
            double yv = yc.value(r);
            if (Double.isNaN(xv) || Double.isNaN(yv)) {
                leftOut++;
                continue;
            }
            StringBuilder key = new StringBuilder();
            for (io.plate.api.data.CategoricalColumn g : groups) {
                String level = g.code(r) == io.plate.api.data.CategoricalColumn.MISSING ? "?" : g.level(r);
                key.append(key.length() == 0 ? "" : " ").append(level);
            }
            byGroup.computeIfAbsent(key.length() == 0 ? y : key.toString(), k -> new ArrayList<>()).add(new double[] {xv, yv});
        }
        if (byGroup.isEmpty()) {
            throw new PlateException(csv + ": no row has numbers in both '" + x + "' and '" + y + "'");
        }
        plottable(csv, x, xc);
        plottable(csv, y, yc);
        List<Series> series = new ArrayList<>();
        for (Map.Entry<String, List<double[]>> e : byGroup.entrySet()) {
            List<double[]> pts = e.getValue();
            pts.sort((a, b) -> Double.compare(a[0], b[0]));
            double[] xs = new double[pts.size()];
            double[] ys = new double[pts.size()];
            for (int i = 0; i < xs.length; i++) {
                xs[i] = pts.get(i)[0];
                ys[i] = pts.get(i)[1];
            }
            series.add(Series.of(e.getKey(), xs, ys));
        }
        Plot.write(file, 1, List.of(Plot.line(y + " against " + x + " (" + csv.getFileName() + ")", x, y, series)));
        return leftOut == 0 ? "" : String.format(java.util.Locale.ROOT, "%,d row%s of %s without a number in '%s' or"
                + " '%s' left out", leftOut, leftOut == 1 ? "" : "s", csv.getFileName(), x, y);
    }

    /** The numeric column {@code name} of {@code table}, read from {@code csv}. */
    private static NumericColumn numbers(Dataset table, Path csv, String name) {
        return table.numeric().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(() ->
                new PlateException(csv + ": no column '" + name + "'" + NearestName.suggestion(name, columns(table))
                        + "; columns: " + columns(table)));
    }

    private static List<String> columns(Dataset table) {
        List<String> names = new ArrayList<>();
        table.numeric().forEach(c -> names.add(c.name()));
        table.categorical().forEach(c -> names.add(c.name()));
        return names;
    }

    /**
     * Refuses values an axis cannot span: the range of the column, padded, must be a finite double
     * (1e308 and -1e308 drew an empty plot with clipped labels, reported as written).
     */
    private static void plottable(Path csv, String name, NumericColumn c) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < c.size(); r++) {
            double v = c.value(r);
            if (!Double.isNaN(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        if (!Double.isFinite(4 * (max - min)) || !Double.isFinite(4 * Math.max(Math.abs(min), Math.abs(max)))) {
            throw new PlateException(csv + ": column '" + name + "' holds values from " + min + " to " + max
                    + ", too large for a plot's axis (at most about 4e307 apart); scale the column");
        }
    }
}

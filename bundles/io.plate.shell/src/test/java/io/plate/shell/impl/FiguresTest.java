package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.EvaluationReport;
import io.plate.plot.Series;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FiguresTest {
    @Test
    void runningRhatOfWellMixedChainsApproachesOne() {
        // two chains of an alternating deterministic sequence that is well mixed: R-hat ~ 1 at the end
        double[][] chains = new double[2][400];
        for (int c = 0; c < 2; c++) {
            for (int d = 0; d < 400; d++) {
                chains[c][d] = Math.sin(d * 1.7 + c * 0.3);
            }
        }
        Series s = Figures.runningRhat(chains);
        double last = s.y()[s.y().length - 1];
        assertTrue(Math.abs(last - 1) < 0.05, "R-hat " + last);
        // chains stuck at different levels: R-hat far above one
        for (int d = 0; d < 400; d++) {
            chains[1][d] += 10;
        }
        Series bad = Figures.runningRhat(chains);
        assertTrue(bad.y()[bad.y().length - 1] > 1.5, "R-hat of separated chains " + bad.y()[bad.y().length - 1]);
    }

    @Test
    void runningRhatOfChainsStuckAtDifferentValuesIsDrawnAtTheTopNotAtOne() {
        // one chain always 20 clusters, the other 19: R-hat is infinite at every prefix, never the 1.0 line
        double[][] chains = new double[2][30];
        java.util.Arrays.fill(chains[0], 20);
        java.util.Arrays.fill(chains[1], 19);
        Series s = Figures.runningRhat(chains);
        assertTrue(s.name().startsWith("split R-hat (inf drawn at 2.00: chains constant at different values)"), s.name());
        assertTrue(s.y().length > 0);
        for (double y : s.y()) {
            assertEquals(2.0, y);
        }
    }

    @Test
    void anUndefinedRunningRhatSaysWhy() {
        double[][] constant = new double[2][30];
        java.util.Arrays.fill(constant[0], 3);
        java.util.Arrays.fill(constant[1], 3);
        assertEquals("R-hat (undefined: the draws are all one value)", Figures.runningRhat(constant).name());
        assertEquals("R-hat (undefined: needs 2+ chains)", Figures.runningRhat(new double[][] {{1, 2, 3, 4, 5}}).name());
        assertEquals("R-hat (undefined: needs 4+ draws per chain)", Figures.runningRhat(new double[][] {{1, 2}, {2, 1}})
                .name());
    }

    @Test
    void principalComponentsOfALineAreTheLine() {
        double[] a = {1, 2, 3, 4, 5};
        double[] b = {2, 4, 6, 8, 10};
        Dataset d = Dataset.builder("d").numeric(NumericColumn.of("a", a)).numeric(NumericColumn.of("b", b)).build();
        double[][] pc = Figures.principalComponents(d);
        // all variance on PC1 (standardised a and b are equal): PC2 is zero, PC1 is sqrt(2) * z
        for (int r = 0; r < 5; r++) {
            assertEquals(0, pc[1][r], 1e-9);
            double z = (a[r] - 3) / Math.sqrt(2.5);
            assertEquals(Math.sqrt(2) * z, Math.abs(pc[0][r]) * Math.signum(z), 1e-9);
        }
    }

    @Test
    void twoColumnsArePlottedOnTheirOwnAxes() {
        double[] a = {1, 2, 3};
        double[] b = {9, 7, 8};
        Dataset d = Dataset.builder("d").numeric(NumericColumn.of("eruptions", a)).numeric(NumericColumn.of("waiting", b))
                .build();
        Figures.Axes axes = Figures.clusterAxes(d, null, null, null);
        assertEquals("eruptions", axes.x());
        assertEquals("waiting", axes.y());
        assertArrayEquals(a, axes.xy()[0], 0);
        assertArrayEquals(b, axes.xy()[1], 0);
        Dataset three = d.toBuilder("t").numeric(NumericColumn.of("c", new double[] {0, 1, 5})).build();
        assertEquals("principal component 1", Figures.clusterAxes(three, null, null, null).x());
    }

    /**
     * One numeric column is drawn against the row number; a dataset without numeric columns (a
     * categorical or text clustering) says where its clusters are described. Before, both were refused
     * with "has 1 numeric columns; a cluster scatter needs at least 2".
     */
    @Test
    void oneColumnIsDrawnAgainstTheRowAndNoNumericColumnSaysWhereTheClustersAre() {
        double[] a = {4, 1, 7};
        Dataset one = Dataset.builder("one").numeric(NumericColumn.of("eruptions", a)).build();
        Figures.Axes axes = Figures.clusterAxes(one, null, null, null);
        assertEquals("eruptions", axes.x());
        assertEquals("row (as in assignments.csv)", axes.y());
        assertArrayEquals(a, axes.xy()[0], 0);
        assertArrayEquals(new double[] {1, 2, 3}, axes.xy()[1], 0); // numbered from 1, as assignments.csv numbers them
        Dataset none = Dataset.builder("votes").categorical(io.plate.api.data.CategoricalColumn.of("v", List.of("y", "n"),
                new int[] {0, 1, 0})).build();
        assertEquals("plate:plot clusters draws numeric columns, and dataset 'votes' has none: the clusters' most"
                + " probable levels or words are in clusters.csv of the run directory (--out DIR)",
                assertThrows(PlateException.class, () -> Figures.clusterAxes(none, null, null, null)).getMessage());
        // a run directory given by name: its clusters.csv, named as the user named the folder
        assertEquals("plate:plot clusters draws numeric columns, and dataset 'votes' has none: the clusters' most"
                + " probable levels or words are in rcat/clusters.csv",
                assertThrows(PlateException.class, () -> Figures.clusterAxes(none, null, null, "rcat/clusters.csv"))
                        .getMessage());
    }

    @Test
    void longTracesAreThinnedForDrawing() {
        int[] shown = Figures.thinned(5900, 1000);
        assertTrue(shown.length <= 1001, "at most about 1,000 points: " + shown.length);
        assertEquals(0, shown[0]);
        assertEquals(5899, shown[shown.length - 1]);
        for (int i = 1; i < shown.length; i++) {
            assertTrue(shown[i] > shown[i - 1]);
        }
        assertEquals(7, Figures.thinned(7, 1000).length);
    }

    /** A run whose trace holds {@code draws[c]} draws of chain c (log joint -322.35…, iterations from 26 on). */
    private static io.plate.api.sample.Posterior traceRun(int... draws) {
        double[][][] values = new double[draws.length][][];
        long[][] iterations = new long[draws.length][];
        for (int c = 0; c < draws.length; c++) {
            values[c] = new double[draws[c]][];
            iterations[c] = new long[draws[c]];
            for (int d = 0; d < draws[c]; d++) {
                values[c][d] = new double[] {-322.3522029427222 - c * 2.3260806224474 - d};
                iterations[c][d] = 26 + 100L * d;
            }
        }
        io.plate.api.sample.Trace trace = new io.plate.api.sample.Trace(List.of("logJoint"), values, iterations);
        return posterior("mixture.gaussian", "trace", trace);
    }

    @Test
    void aRunWithoutKeptDrawsIsNamedAndOneDrawPerChainIsDrawn(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path png = dir.resolve("e.png");
        PlateException e = assertThrows(PlateException.class, () -> Figures.trace("iris.mixture.gaussian",
                traceRun(0, 0), png));
        assertEquals("run 'iris.mixture.gaussian' has no kept draws to plot", e.getMessage());
        assertTrue(Files.notExists(png));
        Path svg = dir.resolve("one.svg");
        Figures.trace("b", traceRun(1, 1), svg);
        String text = Files.readString(svg);
        assertTrue(!text.contains("322.3522"), "y labels with 16 digits");
        Figures.trace("c", traceRun(1, 0), dir.resolve("c.png")); // one chain stopped before its first kept draw
    }

    /**
     * A one-chain run is drawn without the R-hat column: R-hat needs two chains, and its panel drew a flat
     * line at 1 that read as perfect mixing. Two chains keep it (the figure is two panels wide).
     */
    @Test
    void oneChainIsDrawnWithoutAnRhatColumn(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path one = dir.resolve("one.png");
        Path two = dir.resolve("two.png");
        Figures.trace("one", traceRun(50), one);
        Figures.trace("two", traceRun(50, 50), two);
        int w1 = javax.imageio.ImageIO.read(one.toFile()).getWidth();
        int w2 = javax.imageio.ImageIO.read(two.toFile()).getWidth();
        assertEquals(2 * w1, w2, "one panel a row for one chain, trace and R-hat for two");
    }

    /** A posterior of {@code sampler} that answers only {@code method} (with {@code value}) and its sampler's name. */
    private static io.plate.api.sample.Posterior posterior(String sampler, String method, Object value) {
        return (io.plate.api.sample.Posterior) java.lang.reflect.Proxy.newProxyInstance(FiguresTest.class.getClassLoader(),
                new Class<?>[] {io.plate.api.sample.Posterior.class}, (p, m, args) -> {
                    if (m.getName().equals(method)) {
                        return value;
                    }
                    if (m.getName().equals("sampler")) {
                        return sampler;
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }

    /** A run whose only table is a theta table of {@code features} features, class 1 apart from class 0 by f. */
    private static io.plate.api.sample.Posterior thetaRun(int features) {
        return thetaRun(features, "f");
    }

    /** The same with features named {@code prefix + index}. */
    private static io.plate.api.sample.Posterior thetaRun(int features, String prefix) {
        List<List<String>> rows = new java.util.ArrayList<>();
        for (int f = 0; f < features; f++) {
            for (String cls : List.of("0", "1")) {
                double m = cls.equals("0") ? 0.5 : 0.5 - 0.02 * f;
                rows.add(List.of(cls, prefix + f, "A", Double.toString(m), "0.01"));
                rows.add(List.of(cls, prefix + f, "C", Double.toString(1 - m), "0.01"));
            }
        }
        io.plate.api.sample.Table theta = new io.plate.api.sample.Table(
                List.of("class", "feature", "category", "theta_mean", "theta_sd"), rows);
        return posterior("sparse.dirichlet", "tables", java.util.Map.of("theta", theta));
    }

    @Test
    void thetaShowsEveryFeatureOrTheMostTellingOnes(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path few = dir.resolve("few.png");
        Figures.theta(thetaRun(5), null, few);
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(few.toFile());
        // five small multiples, three a row: 3 x 800 by 2 x 360 (one panel of the first feature before), under
        // a caption line (32 pixels)
        assertEquals(2400, img.getWidth());
        assertEquals(720 + 32, img.getHeight());
        Path many = dir.resolve("many.png");
        Figures.theta(thetaRun(40), null, many);
        assertEquals(4 * 360 + 32, javax.imageio.ImageIO.read(many.toFile()).getHeight(), "twelve panels of the forty");
        Path one = dir.resolve("one.png");
        Figures.theta(thetaRun(5), "f3", one);
        assertEquals(800, javax.imageio.ImageIO.read(one.toFile()).getWidth());
        assertThrows(PlateException.class, () -> Figures.theta(thetaRun(5), "nosuch", one));
    }

    /** An unknown --feature names the nearest feature when it looks like a typo, else the features there are. */
    @Test
    void anUnknownThetaFeatureNamesTheNearestOrTheKnownOnes(@TempDir Path dir) {
        Path png = dir.resolve("t.png");
        PlateException typo = assertThrows(PlateException.class, () -> Figures.theta(thetaRun(5, "crim"), "CRIM3", png));
        assertEquals("no feature named 'CRIM3' in the run's theta table (did you mean crim3?)", typo.getMessage());
        PlateException other = assertThrows(PlateException.class, () -> Figures.theta(thetaRun(5), "nosuch", png));
        assertEquals("no feature named 'nosuch' in the run's theta table; known: f0, f1, f2, f3, f4", other.getMessage());
        PlateException many = assertThrows(PlateException.class, () -> Figures.theta(thetaRun(25), "nosuch", png));
        assertTrue(many.getMessage().endsWith("f18, f19, … (25 in all)"), many.getMessage());
    }

    /** An unknown plot kind is the first thing said, before the missing --out, with the kind it is closest to. */
    @Test
    void anUnknownPlotKindIsNamedBeforeTheMissingOut() {
        PlotCommands plot = new PlotCommands(new Workspace());
        PlateException e = assertThrows(PlateException.class, () -> plot.plot("", "", "", "", "", Args.NOT_GIVEN, "", "", "thetas", "runs/votes"));
        assertEquals("unknown plot kind 'thetas' (did you mean theta?): use trace, clusters, theta, confusion or lines",
                e.getMessage());
        PlateException far = assertThrows(PlateException.class, () -> plot.plot("", "", "", "", "", Args.NOT_GIVEN, "", "", "histogram", "r"));
        assertEquals("unknown plot kind 'histogram': use trace, clusters, theta, confusion or lines", far.getMessage());
        PlateException noOut = assertThrows(PlateException.class, () -> plot.plot("", "", "", "", "", Args.NOT_GIVEN, "", "", "theta", "r"));
        assertEquals("plate:plot needs --out FILE.png or FILE.svg", noOut.getMessage());
    }

    /**
     * Panel titles are the feature alone, shortened in the middle when they do not fit the panel (they were
     * cut at both ends); what panels share and the full names of shortened titles are in the caption.
     */
    @Test
    void thetaTitlesFitTheirPanelsAndTheCaptionKeepsFullNames(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        String longName = "physician-fee-freeze-and-the-adoption-of-the-budget-resolution-of-the-ninety-eighth-congress-"
                + "second-session-roll-call-number-";
        Path svg = dir.resolve("theta.svg");
        Figures.theta(thetaRun(16, longName), null, svg);
        String text = Files.readString(svg);
        String title = "θ of " + longName + "0";
        String shortTitle = io.plate.plot.Plot.shortTitle(title);
        assertTrue(shortTitle.contains("…") && shortTitle.startsWith("θ of physician") && shortTitle.endsWith("number-0"),
                shortTitle);
        // the caption is Plate's own text: it names the sampler, what is shown, and the full names
        assertTrue(text.contains("sparse.dirichlet: posterior mean ± sd of θ per class, the 12 of 16"), "caption");
        assertTrue(text.contains(longName.substring(0, 40)), "full name in the caption");
        assertTrue(!text.contains("(mean ± sd) (12 of 16"), "the shared note is no longer in every title");
    }

    @Test
    void confusionFromEvaluationJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("eval.json");
        Files.writeString(json, "{\"learner\":\"nb.categorical\",\"accuracy\":0.9,\"classes\":[\"a\",\"b\"],"
                + "\"confusion\":[[5,1],[0,4]]}");
        EvaluationReport r = PlotCommands.report(json.toString());
        assertEquals(List.of("a", "b"), r.classes());
        assertArrayEquals(new long[] {5, 1}, r.confusion()[0]);
        Path png = dir.resolve("c.png");
        Figures.confusion(r, png);
        assertTrue(Files.size(png) > 1000);
        Files.writeString(json, "{\"classes\":[\"a\",\"b\"],\"confusion\":[[5,1]]}");
        assertThrows(PlateException.class, () -> PlotCommands.report(json.toString()));
        // a file that is no JSON: one line at its line and column (Jackson's message ran over two lines)
        Path text = Files.writeString(dir.resolve("hostname"), "vm-1\n");
        String m = assertThrows(PlateException.class, () -> PlotCommands.report(text.toString())).getMessage();
        assertEquals(1, m.lines().count(), m);
        assertTrue(m.startsWith(text + ": not valid JSON at line 1, column 1: "), m);
        assertTrue(!m.contains("REDACTED") && !m.contains("Source"), m);
    }

    /** plate:plot lines reads its CSV with the CSV importer, as plate:import does (DataCommands.read). */
    private static String lines(Path csv, String x, String y, List<String> group, Path png) throws IOException {
        Dataset table = new io.plate.importers.impl.CsvImporter().read(csv, Figures.tableOptions(x, y));
        return Figures.csvLines(table, csv, x, y, group, png);
    }

    @Test
    void csvLinesDrawsOneLinePerGroupAndNamesBadLines(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("t.csv");
        Files.writeString(csv, "features,learner,accuracy\n1,a,0.5\n2,a,0.6\n1,b,0.4\n2,b,0.7\n");
        Path png = dir.resolve("t.png");
        assertEquals("", lines(csv, "features", "accuracy", List.of("learner"), png));
        assertTrue(Files.size(png) > 1000);
        Files.writeString(csv, "features,learner,accuracy\n1,a,0.5\n2,a\n");
        PlateException e = assertThrows(PlateException.class, () -> lines(csv, "features", "accuracy", List.of("learner"), png));
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
        PlateException col = assertThrows(PlateException.class, () -> lines(csv, "features", "recall", List.of(), png));
        assertTrue(col.getMessage().contains("recall"), col.getMessage());
    }

    /**
     * The hostile-input pass's files: the faults of the input are named with its file and line, never blamed on
     * the plot being written; a BOM and quoted cells read as plate:import reads them.
     */
    @Test
    void csvLinesReadsTheFileAsAnImportDoes(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("p.png");
        // Latin-1 'café' (byte E9): the input's line, not "cannot write the plot"
        Path latin = Files.write(dir.resolve("l.csv"), new byte[] {'x', ',', 'y', ',', 'g', '\n', '1', ',', '2', ',', 'c',
                'a', 'f', (byte) 0xe9, '\n', '2', ',', '3', ',', 'a', '\n'});
        String m = assertThrows(PlateException.class, () -> lines(latin, "x", "y", List.of("g"), png)).getMessage();
        assertTrue(m.startsWith(latin.toString()) && m.contains("line 2"), m);
        // a byte-order mark, and a quoted cell with a comma as a group name
        Path bom = Files.writeString(dir.resolve("b.csv"), "\ufeffx,y,g\n1,2,\"a, b\"\n2,3,\"a, b\"\n");
        assertEquals("", lines(bom, "x", "y", List.of("g"), png));
        // a '?' is missing: that row is left out, and said
        Path missing = Files.writeString(dir.resolve("m.csv"), "x,y\n1,2\n2,?\n3,4\n");
        assertEquals("1 row of m.csv without a number in 'x' or 'y' left out", lines(missing, "x", "y", List.of(), png));
        // a text where a number belongs: its line
        Path text = Files.writeString(dir.resolve("t.csv"), "x,y\n1,2\n2,abc\n");
        m = assertThrows(PlateException.class, () -> lines(text, "x", "y", List.of(), png)).getMessage();
        assertTrue(m.contains("line 3") && m.contains("'abc'"), m);
        // an infinity is refused at its line, and values an axis cannot span are refused, not drawn empty
        Path inf = Files.writeString(dir.resolve("i.csv"), "x,y\n1,2\n2,Infinity\n");
        m = assertThrows(PlateException.class, () -> lines(inf, "x", "y", List.of(), png)).getMessage();
        assertTrue(m.contains("line 3") && m.contains("infinite"), m);
        Path huge = Files.writeString(dir.resolve("h.csv"), "x,y\n1,-1e308\n2,1e308\n");
        m = assertThrows(PlateException.class, () -> lines(huge, "x", "y", List.of(), png)).getMessage();
        assertTrue(m.contains("too large for a plot's axis"), m);
    }

    /** The options of plate:plot (gogo's @Parameter names), which its advice may name. */
    private static List<String> plotOptions() {
        List<String> names = new java.util.ArrayList<>();
        for (java.lang.reflect.Method m : PlotCommands.class.getMethods()) {
            if (m.getName().equals("plot")) {
                for (java.lang.annotation.Annotation[] as : m.getParameterAnnotations()) {
                    for (java.lang.annotation.Annotation a : as) {
                        if (a instanceof org.apache.felix.service.command.Parameter p) {
                            names.addAll(List.of(p.names()));
                        }
                    }
                }
            }
        }
        return names;
    }

    /**
     * plate:plot lines takes the options its import's advice names (--encoding for a Latin-1 file, --missing for an
     * infinity, --delimiter), and reads the file with them; the infinity's advice does not speak of a learner.
     */
    @Test
    void csvLinesTakesTheOptionsItsAdviceNames(@TempDir Path dir) throws Exception {
        assertTrue(plotOptions().containsAll(List.of("--encoding", "--missing", "--delimiter")), plotOptions().toString());
        Path png = dir.resolve("p.png");
        Path latin = Files.write(dir.resolve("l.csv"), new byte[] {'x', ',', 'y', ',', 'g', '\n', '1', ',', '2', ',', 'c',
                'a', 'f', (byte) 0xe9, '\n', '2', ',', '3', ',', 'a', '\n'});
        String m = assertThrows(PlateException.class, () -> lines(latin, "x", "y", List.of("g"), png)).getMessage();
        assertTrue(m.contains("--encoding"), m);
        Dataset table = new io.plate.importers.impl.CsvImporter().read(latin,
                PlotCommands.tableOptions("x", "y", Args.NOT_GIVEN, "", "latin-1"));
        assertEquals(List.of("a", "caf\u00e9"), table.levelsOf("g").orElseThrow().levels());
        Path inf = Files.writeString(dir.resolve("i.csv"), "x;y\n1;2\n2;Infinity\n3;4\n");
        m = assertThrows(PlateException.class, () -> lines(inf, "x", "y", List.of(), png)).getMessage();
        assertTrue(m.contains("--missing") && !m.contains("learner"), m);
        table = new io.plate.importers.impl.CsvImporter().read(inf,
                PlotCommands.tableOptions("x", "y", ";", "Infinity,-Infinity", ""));
        assertEquals("1 row of i.csv without a number in 'x' or 'y' left out",
                Figures.csvLines(table, inf, "x", "y", List.of(), png));
    }
}

package io.plate.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotTest {
    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static List<Panel> panels() {
        double[] y = {1, 3, 2, 5, 4};
        return List.of(Plot.line("trace", "iteration", "log joint", List.of(Series.indexed("chain 1", y),
                        Series.indexed("chain 2", new double[] {2, 2, 3, 3, 4}))),
                Plot.scatter("clusters", "x", "y", List.of(Series.of("c1", new double[] {1, 2}, new double[] {3, 4}))),
                Plot.bars("theta", "category", "mean", List.of("A", "C", "G"),
                        List.of(new Series("class 1", new double[] {0, 1, 2}, new double[] {0.2, 0.5, 0.3},
                                new double[] {0.01, 0.02, 0.03}))),
                Plot.heatmap("confusion", List.of("a", "b"), List.of("a", "b"), new double[][] {{5, 1}, {0, 7}}));
    }

    @Test
    void writesAValidPngOfTheRightSize(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("fig.png");
        Plot.write(f, 2, panels());
        BufferedImage img = ImageIO.read(f.toFile());
        assertEquals(1600, img.getWidth());
        assertEquals(720, img.getHeight());
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(f), 8);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10}, head);
        // not blank: some pixel differs from white
        boolean ink = false;
        for (int x = 0; x < img.getWidth() && !ink; x += 7) {
            for (int y = 0; y < img.getHeight() && !ink; y += 7) {
                ink = (img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF;
            }
        }
        assertTrue(ink, "the figure has something drawn on it");
    }

    @Test
    void writesWellFormedSvg(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("fig.svg");
        Plot.write(f, 1, panels());
        String text = Files.readString(f, StandardCharsets.UTF_8);
        assertTrue(text.contains("<svg"), text.substring(0, Math.min(200, text.length())));
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        assertEquals("svg", dbf.newDocumentBuilder().parse(f.toFile()).getDocumentElement().getNodeName());
    }

    @Test
    void heatMapScaleIsTextWithWholeNumbersForCounts(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("confusion.svg");
        Plot.write(f, 1, List.of(Plot.heatmap("confusion", List.of("a", "b"), List.of("a", "b"),
                new double[][] {{345, 3}, {5, 120}})));
        String svg = Files.readString(f, StandardCharsets.UTF_8);
        // XChart's legend was a picture whose labels read 345.0 and 0.0
        assertTrue(!svg.contains("<image"), "no bitmap in the SVG");
        assertTrue(svg.contains(">300<") && svg.contains(">100<"), "colour-bar labels as text at round counts");
        assertTrue(!svg.contains("345.0") && !svg.contains(">0.0<"), "no decimals on counts");
        Panel.ColourBar bar = new Panel.ColourBar(3, 345, new java.awt.Color[] {java.awt.Color.WHITE,
                java.awt.Color.BLACK}, true);
        assertArrayEquals(new double[] {100, 200, 300}, bar.ticks(), 0);
        assertEquals("1,200", bar.label(1200));
        assertEquals(new java.awt.Color(128, 128, 128), bar.at(0.5));
    }

    /**
     * The figures in a heat map's cells are readable on every cell colour (WCAG 2 contrast ratio at least
     * 4.5:1, from its definition of relative luminance), and the smallest value's cell is white: XChart's
     * default scale ran from orange (a zero count looked hot) to a dark red under black figures (about 2:1).
     */
    @Test
    void heatMapFiguresAreReadableOnEveryCellColour() {
        Panel p = Plot.heatmap("confusion", List.of("a", "b"), List.of("a", "b"), new double[][] {{57, 2}, {0, 68}});
        java.awt.Color text = ((org.knowm.xchart.HeatMapChart) p.chart()).getStyler().getValueFontColor();
        for (int i = 0; i <= 100; i++) {
            java.awt.Color cell = p.bar().at(i / 100.0);
            double ratio = contrast(cell, text);
            assertTrue(ratio >= 4.5, "contrast " + ratio + " of " + text + " on " + cell + " at " + i + "%");
        }
        assertEquals(java.awt.Color.WHITE, p.bar().at(0));
    }

    /** WCAG 2's contrast ratio (L1 + 0.05) / (L2 + 0.05) of two sRGB colours. */
    private static double contrast(java.awt.Color a, java.awt.Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(java.awt.Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(int v) {
        double s = v / 255.0;
        return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    }

    @Test
    void traceAxesTickAtRoundIterations() {
        assertEquals(100, Plot.niceStep(84.4), 0);
        assertEquals(0.5, Plot.niceStep(0.31), 1e-12);
        assertEquals(1000, Plot.niceStep(1000), 0);
        org.knowm.xchart.XYChart c = new org.knowm.xchart.XYChartBuilder().width(800).height(360).build();
        Ticks t = Plot.niceXAxis(c, List.of(Series.of("chain 1", new double[] {101, 3000, 5999}, new double[] {1, 2, 3})));
        // ticks started at the first iteration (101, 523, 945, ...) and their labels ran together
        assertEquals(0, c.getStyler().getXAxisMin(), 0);
        assertEquals(6000, c.getStyler().getXAxisMax(), 0);
        assertArrayEquals(new double[] {0, 1000, 2000, 3000, 4000, 5000, 6000}, t.values(), 0);
    }

    @Test
    void ticksAreRoundAndFew() {
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 2000; i++) {
            double lo = (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(9) - 3);
            double hi = lo + r.nextDouble() * Math.pow(10, r.nextInt(9) - 3);
            Ticks t = Ticks.of(lo, hi, Plot.MAX_TICKS);
            double[] v = t.values();
            assertTrue(v.length >= 2 && v.length <= Plot.MAX_TICKS, lo + ".." + hi + ": " + v.length + " ticks");
            assertTrue(v[0] <= lo && v[v.length - 1] >= hi, lo + ".." + hi + " not covered by " + v[0] + ".." + v[v.length - 1]);
            double diff = v[1] - v[0];
            double power = Math.pow(10, Math.floor(Math.log10(diff) + 1e-9));
            double mantissa = diff / power;
            double step = Math.round(mantissa) * power;
            assertTrue(Math.abs(mantissa - 1) < 1e-4 || Math.abs(mantissa - 2) < 1e-4 || Math.abs(mantissa - 5) < 1e-4
                    || Math.abs(mantissa - 10) < 1e-4, "step " + step);
            for (double x : v) {
                assertEquals(Math.round(x / step), x / step, 1e-3, x + " is not a multiple of " + step);
            }
        }
        // the new user's traces: 250 262 274 ... and 150 157 164 ...
        assertArrayEquals(new double[] {250, 300, 350, 400, 450, 500}, Ticks.of(250, 499, 8).values(), 0);
        assertArrayEquals(new double[] {150, 200, 250, 300, 350}, Ticks.of(150, 349, 8).values(), 0);
        assertEquals("1,500", Ticks.of(0, 2000, 8).label(1500));
        assertEquals("0.3", Ticks.of(0, 0.7, 8).label(0.30000000000000004));
        Ticks y = Ticks.of(-324.6782835651696, -322.3522029427222, Plot.Y_TICKS); // one draw per chain
        assertArrayEquals(new double[] {-325, -324, -323, -322}, y.values(), 0);
        assertEquals("-323", y.label(-323));
        assertEquals("0.75", Ticks.of(0.636, 0.806, Plot.Y_TICKS).label(0.75));
        assertArrayEquals(new double[] {25, 26, 27}, Ticks.of(26, 26, 8, true).values(), 0, "one iteration: whole ticks");
    }

    @Test
    void traceTicksAreDrawnAtRoundIterations(@TempDir Path dir) throws Exception {
        double[] x = new double[250];
        double[] y = new double[250];
        for (int i = 0; i < x.length; i++) {
            x[i] = 250 + i; // every kept draw: XChart ticked at every n-th of them (250 262 274 ...)
            y[i] = Math.sin(i);
        }
        Path f = dir.resolve("trace.svg");
        Plot.write(f, 1, List.of(Plot.line("trace", "iteration", "y", List.of(Series.of("chain 1", x, y)))));
        String svg = Files.readString(f, StandardCharsets.UTF_8);
        for (String tick : new String[] {">250<", ">300<", ">350<", ">400<", ">450<", ">500<"}) {
            assertTrue(svg.contains(tick), tick);
        }
        assertTrue(!svg.contains(">262<") && !svg.contains(">274<"), "ticks at data values");
    }

    /** Pixels clearly coloured (not white, grey or black): the series' lines and markers. */
    private static int coloured(BufferedImage img) {
        int n = 0;
        for (int px = 0; px < img.getWidth(); px++) {
            for (int py = 0; py < img.getHeight(); py++) {
                int rgb = img.getRGB(px, py);
                int r = rgb >> 16 & 255;
                int g = rgb >> 8 & 255;
                int b = rgb & 255;
                n += Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 80 ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void aSeriesOfOnePointIsAMarkerAndAnEmptyOneIsLeftOut(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("one.png");
        Plot.write(f, 1, List.of(Plot.line("trace", "iteration", "logJoint", List.of(
                Series.of("chain 1", new double[] {26}, new double[] {-322.3522029427222}),
                Series.of("chain 2", new double[0], new double[0])))));
        BufferedImage img = ImageIO.read(f.toFile());
        // the legend's line sample alone is about 20 coloured pixels; a marker of size 8 adds about 50
        BufferedImage plotArea = img.getSubimage(0, 0, 560, 360);
        assertTrue(coloured(plotArea) > 30, "a marker is drawn: " + coloured(plotArea));
        assertThrows(IllegalArgumentException.class, () -> Plot.line("t", "x", "y",
                List.of(Series.of("chain 1", new double[0], new double[0]))));
        // two chains at one log joint up to rounding: the axis of a constant, with short labels
        org.knowm.xchart.XYChart c = new org.knowm.xchart.XYChartBuilder().build();
        Ticks y = Plot.niceYAxis(c, List.of(Series.of("a", new double[] {51}, new double[] {-1169.4021847608242}),
                Series.of("b", new double[] {51}, new double[] {-1169.402184760825})));
        for (double v : y.values()) {
            assertTrue(y.label(v).length() <= 8, y.label(v));
        }
    }

    /** The y-axis Plot.line chooses for these series. */
    private static Ticks yAxis(double... constantOrValues) {
        double[] x = new double[constantOrValues.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = 100 + i;
        }
        return Plot.niceYAxis(new org.knowm.xchart.XYChartBuilder().build(), List.of(Series.of("chain 1", x, constantOrValues)));
    }

    private static double[] flat(double v, int n) {
        double[] y = new double[n];
        java.util.Arrays.fill(y, v);
        return y;
    }

    private static List<String> labels(Ticks t) {
        return java.util.Arrays.stream(t.values()).mapToObj(t::label).toList();
    }

    @Test
    void theMarginOfAPositiveOrNegativeTraceDoesNotCrossZero() {
        // a DP's alpha drawn in [0.02, 2.25] (the quick start's trace): the 3 % margin put the axis at -1 … 3
        Ticks t = yAxis(0.02, 1.3, 2.25, 0.4);
        assertEquals(0, t.low(), 0);
        assertTrue(t.high() >= 2.25, labels(t).toString());
        Ticks negative = yAxis(-0.02, -1.3, -2.25);
        assertEquals(0, negative.high(), 0);
        assertTrue(negative.low() <= -2.25, labels(negative).toString());
        // data across 0 keep their margin either side
        Ticks across = yAxis(-0.5, 2.25);
        assertTrue(across.low() < -0.5 && across.high() > 2.25, labels(across).toString());
    }

    @Test
    void aConstantTraceGetsANarrowAxisAroundItsValueWithRoundTicks() {
        // a log joint stuck at -1250: the axis went from -2,500 to 0 (widened by the power of ten of 1250);
        // now a thousandth of the value either side, ticks 1 apart
        Ticks t = yAxis(flat(-1250, 40));
        assertArrayEquals(new double[] {-1252, -1251, -1250, -1249, -1248}, t.values(), 0);
        assertEquals(List.of("-1,252", "-1,251", "-1,250", "-1,249", "-1,248"), labels(t));
        // the same up to rounding (a sum of many terms in another order)
        double[] near = new double[40];
        for (int i = 0; i < near.length; i++) {
            near[i] = -1250 + (i % 3) * 1e-10;
        }
        assertArrayEquals(t.values(), yAxis(near).values(), 0);
        Ticks zero = yAxis(flat(0.0, 10));
        assertArrayEquals(new double[] {-1, 0, 1}, zero.values(), 0, "a count stuck at 0: whole ticks");
        assertEquals(List.of("-1", "0", "1"), labels(zero));
        assertEquals(List.of("-1.0", "-0.5", "0.0", "0.5", "1.0"), labels(Ticks.of(0, 0, Plot.Y_TICKS)));
        assertEquals(List.of("1", "2", "3"), labels(yAxis(flat(2, 10))), "two clusters in every draw");
        assertEquals(List.of("2.496", "2.498", "2.500", "2.502", "2.504"), labels(yAxis(flat(2.5, 10))));
        Ticks big = yAxis(flat(3e6, 10));
        assertArrayEquals(new double[] {2_996_000, 2_998_000, 3_000_000, 3_002_000, 3_004_000}, big.values(), 0);
        assertEquals("3,000,000", big.label(3e6));
        // a constant of 1e-9: was 0 to 2e-9 with labels of ten zeros (0.0000000020)
        Ticks tiny = yAxis(flat(1e-9, 10));
        assertTrue(tiny.low() >= 0.998e-9 && tiny.low() < 1e-9 && tiny.high() > 1e-9 && tiny.high() <= 1.002e-9,
                tiny.low() + ".." + tiny.high());
        assertTrue(labels(tiny).contains("1.0000e-09"), labels(tiny).toString());
        assertEquals(tiny.values().length, new java.util.HashSet<>(labels(tiny)).size(), "distinct labels " + labels(tiny));
        for (Ticks a : List.of(t, zero, big, tiny)) {
            assertTrue(a.values().length >= 3 && a.values().length <= Plot.Y_TICKS, labels(a).toString());
        }
        // a chain that moves by tens at -3e6 still fills its axis: only a constant up to rounding is widened
        double[] moving = new double[40];
        for (int i = 0; i < moving.length; i++) {
            moving[i] = -3e6 + 30 * Math.sin(i);
        }
        Ticks m = yAxis(moving);
        assertTrue(m.low() >= -3e6 - 40 && m.high() <= -3e6 + 40, m.low() + ".." + m.high());
    }

    @Test
    void aConstantTracePlotIsLabelledAroundItsValue(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("flat.svg");
        Plot.write(f, 1, List.of(Plot.line("logJoint", "iteration", "logJoint",
                List.of(Series.indexed("chain 1", flat(-1250, 200)), Series.indexed("chain 2", flat(-1250, 200))))));
        String svg = Files.readString(f, StandardCharsets.UTF_8);
        assertTrue(svg.contains(">-1,250<") && svg.contains(">-1,252<") && svg.contains(">-1,248<"), "y labels");
        assertTrue(!svg.contains(">-2,500<") && !svg.contains(">-2,000<"), "the axis of a constant is narrow");
    }

    @Test
    void longTitlesAreShortenedInTheMiddleToFitThePanel() {
        String fits = "θ of physician-fee-freeze";
        assertEquals(fits, Plot.shortTitle(fits));
        String title = "θ of " + "a-very-long-feature-name-".repeat(8) + "end";
        String s = Plot.shortTitle(title);
        java.awt.FontMetrics fm = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics().getFontMetrics(
                new org.knowm.xchart.XYChartBuilder().build().getStyler().getChartTitleFont());
        assertTrue(fm.stringWidth(title) > Plot.TITLE_WIDTH, "the test title is too wide");
        assertTrue(fm.stringWidth(s) <= Plot.TITLE_WIDTH, s);
        assertTrue(s.startsWith("θ of a-very") && s.endsWith("name-end") && s.contains("…"), s);
        assertTrue(fm.stringWidth(s) > Plot.TITLE_WIDTH - 40, "not shortened more than needed: " + s);
        // a panel without a legend (a heat map, a single series) has nearly its whole width: this title fits
        String confusion = "nb.categorical on c12 — confusion (rows: true, columns: predicted), accuracy 0.0750";
        assertTrue(fm.stringWidth(confusion) > Plot.TITLE_WIDTH, "the test title needs the room of no legend");
        assertEquals(confusion, Plot.shortTitle(confusion, false));
    }

    @Test
    void refusesUnknownFormatsAndBadShapes(@TempDir Path dir) {
        assertThrows(IllegalArgumentException.class, () -> Plot.write(dir.resolve("x.gif"), 1, panels()));
        assertThrows(IllegalArgumentException.class, () -> Series.of("s", new double[2], new double[3]));
        assertThrows(IllegalArgumentException.class,
                () -> Plot.heatmap("h", List.of("a"), List.of("a", "b"), new double[][] {{1}}));
        assertTrue(Files.notExists(dir.resolve("x.gif")));
    }

    /**
     * docs/kernel-methods.md's dimension study: four series named by learner and parameters. Their legend at the
     * right took about 620 of the 800 pixels, leaving a plot of about 100 with its x labels run together
     * ({@code 0102030405060}) and the title, centred over that plot, cut at the left. The legend now goes below:
     * the plot keeps at least half the panel's width and the height of a plot with a short legend, and the
     * title lies inside the panel.
     */
    @Test
    void longSeriesNamesPutTheLegendBelowThePlotNotBesideIt() {
        double[] x = {1, 2, 4, 8, 16, 32, 57};
        double[] y = {0.68, 0.70, 0.80, 0.86, 0.88, 0.89, 0.91};
        List<Series> series = List.of(
                Series.of("kde bandwidth=scott kernel=product standardize=true fit_prior=true", x, y),
                Series.of("nb.kernel bandwidth=silverman bandwidth_scope=class cutoff=6 grid=8 alpha=1.0 fit_prior=true", x, y),
                Series.of("nb.kernel bandwidth=silverman bandwidth_scope=feature cutoff=6 grid=8 alpha=1.0 fit_prior=true", x, y),
                Series.of("nb.gaussian var_smoothing=1e-9 fit_prior=true", x, y));
        String title = "accuracy against features (kernel-methods-dimension-spambase.csv)";
        int[] wide = plotArea(Plot.line(title, "features", "accuracy", series));
        int[] narrow = plotArea(Plot.line(title, "features", "accuracy",
                List.of(Series.of("kde", x, y), Series.of("nb.gaussian", x, y))));
        assertTrue(wide[1] - wide[0] >= Plot.WIDTH / 2, "plot from x " + wide[0] + " to " + wide[1]);
        assertTrue(wide[3] - wide[2] >= narrow[3] - narrow[2], "plot from y " + wide[2] + " to " + wide[3]
                + ", with a short legend " + narrow[2] + " to " + narrow[3]);
        // XChart centres the title over the plot: half its width either side of the plot's centre
        java.awt.FontMetrics fm = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics()
                .getFontMetrics(new org.knowm.xchart.XYChartBuilder().build().getStyler().getChartTitleFont());
        String shown = Plot.shortTitle(title, false);
        assertEquals(title, shown);
        assertTrue((wide[0] + wide[1]) / 2 - fm.stringWidth(shown) / 2 >= 0, "title cut at the left");
        // short names keep the legend at the right, in a panel of the usual size
        assertEquals(Plot.HEIGHT, Plot.line(title, "features", "accuracy",
                List.of(Series.of("kde", x, y), Series.of("nb.gaussian", x, y))).height());
    }

    /** The plot's left, right, top and bottom in a panel painted at its size (XChart lays it out as it paints). */
    private static int[] plotArea(Panel p) {
        BufferedImage img = new BufferedImage(Plot.WIDTH, p.height(), BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = img.createGraphics();
        p.paint(g, Plot.WIDTH, p.height());
        g.dispose();
        org.knowm.xchart.XYChart c = (org.knowm.xchart.XYChart) p.chart();
        return new int[] {(int) c.getScreenXFromChart(c.getStyler().getXAxisMin()),
                (int) c.getScreenXFromChart(c.getStyler().getXAxisMax()),
                (int) c.getScreenYFromChart(c.getStyler().getYAxisMax()),
                (int) c.getScreenYFromChart(c.getStyler().getYAxisMin())};
    }

    /**
     * 300 clusters (sizes 300, 299, …, 1) in a panel whose legend holds {@link Plot#legendRoom} lines: the legend
     * names the room − 1 largest and ends in "… N more clusters" for the other 300 − (room − 1); every point is drawn.
     */
    @Test
    void aLegendOfManyClustersNamesTheLargestAndCountsTheRest() {
        int room = Plot.legendRoom();
        assertTrue(room >= 5 && room < 30, room + " lines");
        List<Series> clusters = new java.util.ArrayList<>();
        for (int c = 0; c < 300; c++) {
            int size = c % 2 == 0 ? 300 - c : c; // not in size order: the largest are picked by their points
            double[] x = new double[size];
            java.util.Arrays.fill(x, c);
            clusters.add(Series.of("cluster " + c + " (" + size + ")", x, x.clone()));
        }
        org.knowm.xchart.XYChart chart = (org.knowm.xchart.XYChart) Plot.scatter("many", "x", "y", clusters).chart();
        List<String> legend = chart.getSeriesMap().values().stream().filter(s -> s.isShowInLegend())
                .map(s -> s.getName()).toList();
        assertEquals(room, legend.size(), legend.toString());
        assertEquals("… " + (300 - (room - 1)) + " more clusters", legend.get(room - 1));
        // sizes 300 (cluster 0), 299 (cluster 299), 298 (cluster 2), 297 (cluster 297), …
        assertEquals("cluster 0 (300)", legend.get(0));
        assertTrue(legend.contains("cluster 299 (299)") && legend.contains("cluster 2 (298)"), legend.toString());
        assertTrue(!legend.contains("cluster 150 (150)") && !legend.contains("cluster 1 (1)"), legend.toString());
        assertEquals(301, chart.getSeriesMap().size()); // every cluster drawn, and the legend's last line
        // a few clusters: every one named, no count
        List<String> few = ((org.knowm.xchart.XYChart) Plot.scatter("few", "x", "y", clusters.subList(0, room)).chart())
                .getSeriesMap().values().stream().filter(s -> s.isShowInLegend()).map(s -> s.getName()).toList();
        assertEquals(room, few.size());
        assertTrue(few.stream().noneMatch(n -> n.startsWith("…")), few.toString());
    }
}

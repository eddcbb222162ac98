package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.sample.Distributions;
import io.plate.distributions.impl.CommonsMathDistributions;
import io.plate.distributions.impl.FastDistributions;
import io.plate.mcmc.Diagnostics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code plate:draw}, tested on the command class with real providers. The written draws must pass an
 * independent Kolmogorov–Smirnov test (Commons Math's {@link KolmogorovSmirnovTest}) against the
 * distribution named on the command line; the test fails below a p-value of 1e-4, so a correct
 * sampler fails one case with probability 1e-4 (fixed seeds: deterministic).
 */
class DrawCommandsTest {
    @TempDir
    Path dir;

    static Stream<Arguments> ksCases() {
        Object[][] cases = {
            {"gamma", new String[] {"2.5", "1.5"}, new GammaDistribution(2.5, 1.5)},
            {"gamma", new String[] {"0.3"}, new GammaDistribution(0.3, 1)},
            {"beta", new String[] {"0.5", "2"}, new BetaDistribution(0.5, 2)},
            {"normal", new String[] {"-1", "3"}, new NormalDistribution(-1, 3)},
            {"student-t", new String[] {"4"}, new TDistribution(4)},
        };
        List<Distributions> providers = List.of(new CommonsMathDistributions(), new FastDistributions());
        return providers.stream().flatMap(p -> Stream.of(cases).map(c -> Arguments.of(p.provider(), p, c[0], c[1], c[2])));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("ksCases")
    void writtenDrawsPassAKolmogorovSmirnovTest(String name, Distributions provider, String distribution, String[] params,
            RealDistribution reference) throws IOException {
        Path out = dir.resolve(distribution + ".csv");
        DrawCommands.Draws draws = new DrawCommands(provider).draw(5000, 77, out.toString(), distribution, params);
        List<String> lines = Files.readAllLines(out);
        assertEquals(5000, lines.size());
        double[] x = lines.stream().mapToDouble(Double::parseDouble).toArray();
        double p = new KolmogorovSmirnovTest().kolmogorovSmirnovTest(reference, x);
        assertTrue(p >= 1e-4, () -> name + " " + distribution + ": KS p-value " + p);
        assertTrue(draws.toString().contains("wrote 5000 draws to " + out.toAbsolutePath()), draws.toString());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file may be left behind");
        }
    }

    @Test
    void theSummaryShowsMomentsAndQuantiles() throws IOException {
        DrawCommands.Draws d = new DrawCommands(new FastDistributions()).draw(20000, 3, "", "normal", "10", "2");
        String s = d.toString();
        assertTrue(s.startsWith("normal 10 2: n = 20000, seed 3, provider fast"), s);
        for (String h : new String[] {"mean", "sd", "min", "5%", "25%", "50%", "75%", "95%", "max"}) {
            assertTrue(s.contains(h), () -> "summary lacks " + h + ": " + s);
        }
        double[] x = d.component(0);
        double mean = java.util.Arrays.stream(x).average().orElseThrow();
        assertEquals(10, mean, 5 * 2 / Math.sqrt(20000));
        // the median printed is N(10, 2)'s within a few standard errors
        double[] sorted = x.clone();
        java.util.Arrays.sort(sorted);
        assertEquals(10, Diagnostics.quantileOfSorted(sorted, 0.5), 0.1);
        assertEquals(10 + 2 * 1.6448536, Diagnostics.quantileOfSorted(sorted, 0.95), 0.15);
    }

    @Test
    void vectorsAreRowsAndSummarisedPerComponent() throws IOException {
        DrawCommands cmd = new DrawCommands(new FastDistributions());
        Path out = dir.resolve("m.csv");
        DrawCommands.Draws m = cmd.draw(500, 5, out.toString(), "multinomial", "20", "1,2,3");
        for (String line : Files.readAllLines(out)) {
            String[] f = line.split(",");
            assertEquals(3, f.length);
            assertEquals(20, Integer.parseInt(f[0]) + Integer.parseInt(f[1]) + Integer.parseInt(f[2]));
        }
        assertEquals(3, m.dimension());
        DrawCommands.Draws dir2 = cmd.draw(200, 5, "", "dirichlet", "0.001,0.001,0.001");
        String s = dir2.toString();
        assertTrue(s.contains("\n") && s.contains("3 "), s);
        for (int i = 0; i < 200; i++) {
            double total = dir2.component(0)[i] + dir2.component(1)[i] + dir2.component(2)[i];
            assertEquals(1, total, 1e-12);
        }
        DrawCommands.Draws c = cmd.draw(1000, 5, "", "categorical", "0,1,0");
        for (double v : c.component(0)) {
            assertEquals(1, v);
        }
        assertEquals(4, cmd.draw(10, 1, "", "wishart", "3", "1,0,0,1").dimension());
    }

    @Test
    void theSameSeedGivesTheSameDraws() throws IOException {
        DrawCommands cmd = new DrawCommands(new FastDistributions());
        assertEquals(java.util.Arrays.toString(cmd.draw(50, 9, "", "gamma", "0.5").component(0)),
                java.util.Arrays.toString(cmd.draw(50, 9, "", "gamma", "0.5").component(0)));
    }

    @Test
    void badParametersAreRefusedByNameAndValue() {
        DrawCommands cmd = new DrawCommands(new CommonsMathDistributions());
        refused(() -> cmd.draw(10, 1, "", "gamma", "-2"), "shape", "-2.0");
        refused(() -> cmd.draw(10, 1, "", "gamma", "NaN"), "shape", "NaN");
        refused(() -> cmd.draw(10, 1, "", "gamma", "abc"), "SHAPE", "'abc'");
        refused(() -> cmd.draw(10, 1, "", "beta", "1"), "beta takes A B", "1 parameter");
        refused(() -> cmd.draw(10, 1, "", "dirichlet", "1,0,2"), "alpha[1]", "0.0");
        refused(() -> cmd.draw(10, 1, "", "multinomial", "5", "0.5,x"), "P2", "'x'");
        refused(() -> cmd.draw(10, 1, "", "multivariate-normal", "0,0", "1,0,0"), "C", "got 3");
        refused(() -> cmd.draw(10, 1, "", "bernoulli", "2"), "p", "2.0");
        refused(() -> cmd.draw(0, 1, "", "normal", "0", "1"), "--n", "0");
        refused(() -> cmd.draw(10, 1, "", "poisson", "3"), "unknown distribution 'poisson'", "gamma SHAPE");
    }

    @Test
    void anUnwritableTargetIsAPlateExceptionNamingTheFile() throws IOException {
        Path blocker = Files.writeString(dir.resolve("plain-file"), "x");
        Path target = blocker.resolve("draws.csv");
        refused(() -> new DrawCommands(new FastDistributions()).draw(10, 1, target.toString(), "normal", "0", "1"),
                "cannot write", target.toString());
    }

    @Test
    void integerSummariesPrintIntegers() throws IOException {
        String s = new DrawCommands(new FastDistributions()).draw(1000, 2, "", "binomial", "10", "0.5").toString();
        String row = s.lines().filter(l -> l.startsWith("x ")).findFirst().orElseThrow();
        String[] cells = row.trim().split("\\s+");
        // columns: component, mean, sd, min, 5%, 25%, 50%, 75%, 95%, max
        assertTrue(cells[3].matches("\\d+") && cells[6].matches("\\d+") && cells[9].matches("\\d+"),
                "min, median and max printed as integers: " + row);
    }

    private static void refused(org.junit.jupiter.api.function.Executable e, String... parts) {
        PlateException x = assertThrows(PlateException.class, e);
        for (String part : parts) {
            assertTrue(x.getMessage().contains(part), () -> "message '" + x.getMessage() + "' lacks '" + part + "'");
        }
    }

    /**
     * The summary, now computed in the command by selection, prints what the sort in Gogo's formatting printed
     * (mean and sd of the sorted draws, type-7 quantiles of them, their ends), for n from 1 and vectors.
     */
    @Test
    void theSummaryPrintsWhatTheSortPrinted() throws IOException {
        DrawCommands cmd = new DrawCommands(new FastDistributions());
        String[][] cases = {{"normal", "0", "1"}, {"gamma", "0.3"}, {"binomial", "10", "0.5"}, {"bernoulli", "0.2"},
            {"student-t", "2"}, {"dirichlet", "0.5,1,2"}, {"log-gamma", "0.01"}};
        for (int n : new int[] {1, 2, 3, 10, 999, 20_000}) {
            for (String[] c : cases) {
                DrawCommands.Draws d = cmd.draw(n, n + 7, "", c[0], java.util.Arrays.copyOfRange(c, 1, c.length));
                assertEquals(sortedSummary(d), d.toString(), () -> n + " draws of " + String.join(" ", c));
            }
        }
    }

    /** The summary as Gogo's formatting computed it before: a sorted copy of each component. */
    private static String sortedSummary(DrawCommands.Draws d) {
        String s = d.toString();
        StringBuilder out = new StringBuilder(s.substring(0, s.indexOf('\n') + 1));
        io.plate.api.text.TextTable t = new io.plate.api.text.TextTable("component", "mean", "sd", "min", "5%", "25%",
                "50%", "75%", "95%", "max");
        for (int j = 0; j < d.dimension(); j++) {
            double[] x = d.component(j);
            java.util.Arrays.sort(x);
            Object[] row = {d.dimension() == 1 ? "x" : String.valueOf(j + 1), Diagnostics.mean(x), Diagnostics.sd(x), x[0],
                Diagnostics.quantileOfSorted(x, 0.05), Diagnostics.quantileOfSorted(x, 0.25),
                Diagnostics.quantileOfSorted(x, 0.5), Diagnostics.quantileOfSorted(x, 0.75),
                Diagnostics.quantileOfSorted(x, 0.95), x[x.length - 1]};
            for (int c = 1; c < row.length; c++) {
                double v = (Double) row[c];
                row[c] = v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                        : String.format(java.util.Locale.ROOT, "%.6g", v);
            }
            t.row(row);
        }
        return out.append(t).toString().stripTrailing();
    }

    /**
     * An interrupt of the command's thread (Ctrl-C) mid-way through drawing or summarising ends plate:draw with one
     * line and no result; the draws and their summary used to go on to the end, the summary after the command.
     */
    @Test
    void anInterruptedDrawEndsWithTheCancelledMessage() throws Exception {
        DrawCommands cmd = new DrawCommands(new FastDistributions());
        java.util.concurrent.atomic.AtomicReference<Throwable> ended = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        Thread worker = new Thread(() -> {
            try {
                for (;;) { // only the interrupt may end the loop, whichever part of a draw it lands in
                    started.countDown();
                    cmd.draw(3_000_000, 1, "", "normal", "0", "1");
                }
            } catch (Throwable t) {
                ended.set(t);
            }
        });
        worker.start();
        started.await();
        Thread.sleep(50);
        worker.interrupt();
        long sent = System.nanoTime();
        worker.join(10_000);
        assertTrue(!worker.isAlive(), "plate:draw still runs 10 s after the interrupt");
        long millis = (System.nanoTime() - sent) / 1_000_000;
        assertTrue(ended.get() instanceof PlateException, "ended with " + ended.get());
        assertEquals("plate:draw normal 0 1 was interrupted; no draws are kept", ended.get().getMessage());
        assertTrue(millis < 2_000, "stopped " + millis + " ms after the interrupt");
    }

    /** The summary alone, interrupted, is the project's cancellation, not a result. */
    @Test
    void anInterruptedSummaryIsCancelled() {
        double[] draws = new double[1000];
        Thread.currentThread().interrupt();
        try {
            assertThrows(java.util.concurrent.CancellationException.class, () -> DrawCommands.summarize(draws, 1));
        } finally {
            Thread.interrupted();
        }
    }

    /** More draws than the heap holds are refused in one line before drawing, not an OutOfMemoryError later. */
    @Test
    void drawsTooManyForTheHeapAreRefusedBeforeDrawing() {
        int n = Integer.MAX_VALUE - 8;
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < 16L * n, "a heap of 32 GB");
        refused(() -> new DrawCommands(new FastDistributions()).draw(n, 1, "", "normal", "0", "1"),
                "plate:draw normal 0 1 needs about 32.0 GB of memory (2,147,483,639 draws of 1 number, and a copy",
                "give Java a larger heap (java -Xmx41g -jar plate.jar ...), or draw fewer (--n)");
    }
}

package io.plate.mcmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Split R-hat and ESS against ArviZ 0.23.4, the reference implementation of Vehtari et al. (2021): the
 * fixtures under {@code src/test/resources/diagnostics} were made by {@code make_fixtures.py} there
 * (AR(1) chains, a non-converged set, heavy tails, ties, an odd length, one chain, antithetic chains).
 */
class DiagnosticsTest {
    static List<String[]> cases() throws IOException {
        List<String[]> out = new ArrayList<>();
        try (BufferedReader r = reader("expected.csv")) {
            r.readLine();
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line.split(","));
            }
        }
        return out;
    }

    private static BufferedReader reader(String name) {
        InputStream in = DiagnosticsTest.class.getResourceAsStream("/diagnostics/" + name);
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** Reads CASE.csv (rows = draws, columns = chains) as [chain][draw]. */
    private static double[][] draws(String name) throws IOException {
        List<double[]> rows = new ArrayList<>();
        try (BufferedReader r = reader(name + ".csv")) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.split(",");
                double[] row = new double[f.length];
                for (int i = 0; i < f.length; i++) {
                    row[i] = Double.parseDouble(f[i]);
                }
                rows.add(row);
            }
        }
        double[][] out = new double[rows.get(0).length][rows.size()];
        for (int d = 0; d < rows.size(); d++) {
            for (int c = 0; c < out.length; c++) {
                out[c][d] = rows.get(d)[c];
            }
        }
        return out;
    }

    private static double num(String s) {
        return s.equalsIgnoreCase("nan") ? Double.NaN : Double.parseDouble(s);
    }

    private static void close(double expected, double actual, String what) {
        if (Double.isNaN(expected)) {
            assertTrue(Double.isNaN(actual), what + ": expected NaN, got " + actual);
        } else {
            assertEquals(expected, actual, 1e-7 * Math.max(1, Math.abs(expected)), what);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesArviz(String name, String rhat, String essBulk, String essTail, String rhatIdentity,
            String essIdentity) throws IOException {
        double[][] x = draws(name);
        close(num(rhat), Diagnostics.splitRhat(x), name + " rank R-hat");
        close(num(essBulk), Diagnostics.essBulk(x), name + " bulk ESS");
        close(num(essTail), Diagnostics.essTail(x), name + " tail ESS");
        close(num(rhatIdentity), Diagnostics.rhat(x), name + " classic R-hat");
        close(num(essIdentity), Diagnostics.ess(x), name + " ESS");
    }

    /**
     * Closed form: an AR(1) chain x_t = φ x_{t−1} + ε_t has integrated autocorrelation time (1 + φ)/(1 − φ).
     * With 4 chains of 20,000 draws and φ = 0.8 the ESS estimate's relative sd is about 3%; the 15%
     * tolerance makes a false failure (for this fixed seed, never; over seeds) below 1e-6.
     */
    @Test
    void ar1EssMatchesClosedForm() {
        double phi = 0.8;
        int m = 4;
        int n = 20_000;
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        double[][] x = new double[m][n];
        for (int c = 0; c < m; c++) {
            double v = gaussian(rng) / Math.sqrt(1 - phi * phi);
            for (int d = 0; d < n; d++) {
                v = phi * v + gaussian(rng);
                x[c][d] = v;
            }
        }
        double expected = m * n * (1 - phi) / (1 + phi);
        assertEquals(expected, Diagnostics.ess(x), 0.15 * expected);
        assertEquals(expected, Diagnostics.essBulk(x), 0.15 * expected);
        assertEquals(1.0, Diagnostics.splitRhat(x), 0.01);
    }

    private static double gaussian(UniformRandomProvider rng) {
        // Box-Muller on the test's own generator
        double u = rng.nextDouble();
        double v = rng.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
    }

    @Test
    void undefinedCasesAreNaN() {
        assertTrue(Double.isNaN(Diagnostics.splitRhat(new double[][] {{1, 2, 3}, {1, 2, 3}})));
        assertTrue(Double.isNaN(Diagnostics.splitRhat(new double[][] {{1, 2, Double.NaN, 4}, {1, 2, 3, 4}})));
        assertTrue(Double.isNaN(Diagnostics.splitRhat(new double[][] {{1, 1, 1, 1}, {1, 1, 1, 1}})));
        assertEquals(8.0, Diagnostics.ess(new double[][] {{1, 1, 1, 1}, {1, 1, 1, 1}}));
        // constant draws count as independent, over the split chains: 3 chains of 15 split into 6 of 7, the
        // middle draw of each left out (as ArviZ does), so 42 draws, not 45; the unsplit ESS counts all 45
        double[][] constant = new double[3][15];
        for (double[] chain : constant) {
            java.util.Arrays.fill(chain, 2.5);
        }
        assertEquals(42.0, Diagnostics.essBulk(constant));
        assertEquals(42.0, Diagnostics.essTail(constant));
        assertEquals(45.0, Diagnostics.ess(constant));
    }

    @Test
    void chainsConstantAtDifferentValuesHaveInfiniteRhatAndFewEffectiveDraws() {
        // W = 0 and B > 0: sqrt((B/W + n − 1)/n) is +Infinity, whatever the ranks or the folding do
        double[][] stuck = new double[2][30];
        java.util.Arrays.fill(stuck[0], 20);
        java.util.Arrays.fill(stuck[1], 19);
        assertEquals(Double.POSITIVE_INFINITY, Diagnostics.splitRhat(stuck));
        assertEquals(Double.POSITIVE_INFINITY, Diagnostics.rhat(stuck));
        // a chain that jumps once and stays: its halves are constant at different values (split R-hat)
        assertEquals(Double.POSITIVE_INFINITY, Diagnostics.splitRhat(new double[][] {{1, 1, 2, 2}, {1, 1, 2, 2}}));
        // 0.1 + 0.2 summed thrice and divided is not 0.3 exactly: W must still be 0, not 1e-33
        double[][] inexact = {{0.1 + 0.2, 0.1 + 0.2, 0.1 + 0.2}, {0.7, 0.7, 0.7}};
        assertEquals(Double.POSITIVE_INFINITY, Diagnostics.rhat(inexact));
        // the draws hold at most one value per split chain: ESS at most 4, not 60
        assertTrue(Diagnostics.essBulk(stuck) <= 4, "bulk ESS " + Diagnostics.essBulk(stuck));
        assertTrue(Diagnostics.essTail(stuck) <= 4, "tail ESS " + Diagnostics.essTail(stuck));
        // the running R-hat the trace plot draws says the same at every prefix, never 1
        double[][] running = Diagnostics.runningSplitRhat(stuck, 40);
        assertEquals(30 - Diagnostics.MIN_DRAWS + 1, running[0].length);
        for (double r : running[1]) {
            assertEquals(Double.POSITIVE_INFINITY, r);
        }
    }

    @Test
    void chainsThatDifferOnlyByRoundingAgree() {
        // four chains at one log joint, -809.9708, summed in different orders: 1e-13 apart
        double[][] one = new double[4][40];
        for (int c = 0; c < 4; c++) {
            for (int d = 0; d < 40; d++) {
                one[c][d] = -809.9708 + c * 3e-13 + (d % 3) * 1e-13;
            }
        }
        double[][] exact = new double[4][40];
        for (double[] chain : exact) {
            java.util.Arrays.fill(chain, -809.9708);
        }
        // the same answers as for draws that are exactly one value: R-hat undefined, not infinite
        assertTrue(Double.isNaN(Diagnostics.splitRhat(one)), "R-hat " + Diagnostics.splitRhat(one));
        assertEquals(Diagnostics.essBulk(exact), Diagnostics.essBulk(one));
        assertEquals(Diagnostics.essTail(exact), Diagnostics.essTail(one));
        // a real difference of one part in a million is not rounding
        one[0][0] = -809.9700;
        assertTrue(Diagnostics.splitRhat(one) > 1.0, "R-hat " + Diagnostics.splitRhat(one));
    }

    /** Draws that are all one value have sd 0, though their mean (six 0.1s sum to 0.6, / 6 = 0.09999999999999999) is not it. */
    @Test
    void drawsOfOneValueHaveNoSpread() {
        double[][] tenths = {{0.1, 0.1, 0.1}, {0.1, 0.1, 0.1}};
        assertEquals(0.0, Diagnostics.summarize("x", tenths).sd());
        assertEquals(0.0, Diagnostics.summarize("x", new double[][] {{0.1, 0.1}, {0.1}, {}}).sd()); // ragged chains
        assertEquals(Math.sqrt(6 * 0.05 * 0.05 / 5), Diagnostics.summarize("x", new double[][] {{0.1, 0.2, 0.1},
                {0.2, 0.1, 0.2}}).sd(), 1e-15); // three at 0.1 and three at 0.2: sd sqrt(6 · 0.05² / 5)
        assertTrue(Double.isNaN(Diagnostics.summarize("x", new double[][] {{Double.NaN, Double.NaN}}).sd()));
    }

    /**
     * Quantiles by selection are those of a sort to the bit: random values, many ties, one value, sorted and reversed
     * runs, signed zeros and infinities, n from 1 up; 0 and 1 give the least and greatest (as x[0] and x[n-1]).
     */
    @Test
    void quantilesBySelectionAreThoseOfASort() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(11L);
        double[] probs = {0, 0.05, 0.25, 0.5, 0.75, 0.95, 1, 0.01, 0.333, 0.9999};
        int[] sizes = {1, 2, 3, 4, 5, 7, 24, 25, 26, 31, 100, 1001, 4096, 100_003};
        for (int n : sizes) {
            for (int kind = 0; kind < 7; kind++) {
                double[] x = new double[n];
                for (int i = 0; i < n; i++) {
                    x[i] = switch (kind) {
                        case 0 -> rng.nextDouble() * 2 - 1;
                        case 1 -> rng.nextInt(3); // ties
                        case 2 -> 0.1; // one value
                        case 3 -> i; // sorted
                        case 4 -> -i; // reversed
                        case 5 -> new double[] {-0.0, 0.0, 1, -1}[rng.nextInt(4)]; // signed zeros
                        default -> new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 0.5, -2,
                            rng.nextDouble() * 10 - 5}[rng.nextInt(5)];
                    };
                }
                double[] sorted = x.clone();
                java.util.Arrays.sort(sorted);
                double[] q = Diagnostics.quantiles(x.clone(), probs);
                for (int i = 0; i < probs.length; i++) {
                    double expected = probs[i] == 0 ? sorted[0] : probs[i] == 1 ? sorted[n - 1]
                            : Diagnostics.quantileOfSorted(sorted, probs[i]);
                    int at = i;
                    int k = kind;
                    assertEquals(expected, q[i], () -> "n " + n + ", kind " + k + ", p " + probs[at]);
                }
            }
        }
        double[] withNaN = {3, Double.NaN, 1, 2};
        assertEquals(2.5, Diagnostics.quantiles(withNaN, 0.5)[0]); // NaN sorts last
        assertTrue(Double.isNaN(Diagnostics.quantiles(withNaN, 1)[0]));
    }

    /**
     * Quantiles of many values end with the project's cancellation when their thread is interrupted mid-way (Ctrl-C),
     * and soon: a summary of 10^8 draws took 18 s of sorting that no interrupt stopped.
     */
    @Test
    void quantilesStopWhenTheirThreadIsInterrupted() throws Exception {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(5L);
        double[] x = new double[4_000_000];
        for (int i = 0; i < x.length; i++) {
            x[i] = rng.nextDouble() - 0.5;
        }
        java.util.concurrent.atomic.AtomicInteger results = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicReference<Throwable> ended = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        Thread worker = new Thread(() -> {
            try {
                for (;;) { // again and again until the interrupt ends one: only a cancellation may end the loop
                    double[] copy = x.clone();
                    started.countDown();
                    Diagnostics.quantiles(copy, 0.05, 0.5, 0.95);
                    results.incrementAndGet();
                }
            } catch (Throwable t) {
                ended.set(t);
            }
        });
        worker.start();
        started.await();
        Thread.sleep(30);
        worker.interrupt();
        long sent = System.nanoTime();
        worker.join(10_000);
        assertTrue(!worker.isAlive(), "the quantiles still run 10 s after the interrupt");
        worker.interrupt();
        assertTrue(ended.get() instanceof java.util.concurrent.CancellationException, "ended with " + ended.get());
        long millis = (System.nanoTime() - sent) / 1_000_000;
        assertTrue(millis < 2_000, "stopped " + millis + " ms after the interrupt");
        Thread.currentThread().interrupt(); // the runner's use (a cancelled run's diagnostics) is not interruptible
        try {
            assertEquals(2.5, Diagnostics.median(new double[][] {{4, 1}, {3, 2}}));
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void quantileAndMedianInterpolateLikeNumpy() {
        double[][] x = {{4, 1}, {3, 2}};
        assertEquals(2.5, Diagnostics.median(x));
        assertEquals(1.15, Diagnostics.quantile(x, 0.05), 1e-12);
    }

    @Test
    void quantilesInterpolateBetweenOrderStatistics() {
        double[] sorted = {1, 2, 3, 4, 5};
        assertEquals(3, Diagnostics.quantileOfSorted(sorted, 0.5));
        assertEquals(1.2, Diagnostics.quantileOfSorted(sorted, 0.05), 1e-12);
        assertEquals(5, Diagnostics.quantileOfSorted(sorted, 1.0));
    }

    @Test
    void meanAndSampleSdInClosedForm() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squared deviations 32, sd = sqrt(32 / 7)
        double[] x = {2, 4, 4, 4, 5, 5, 7, 9};
        assertEquals(5, Diagnostics.mean(x), 1e-15);
        assertEquals(Math.sqrt(32.0 / 7), Diagnostics.sd(x), 1e-15);
        assertEquals(0.0, Diagnostics.sd(new double[] {3}));
        // a large offset: a one-pass sum of squares would lose the spread of 1e9 + {0, 1, 2}
        assertEquals(1.0, Diagnostics.sd(new double[] {1e9, 1e9 + 1, 1e9 + 2}), 1e-12);
    }

    @Test
    void runningRhatOfWellMixedChainsApproachesOne() {
        // two chains of an alternating deterministic sequence that is well mixed: R-hat ~ 1 at the end
        double[][] chains = new double[2][400];
        for (int c = 0; c < 2; c++) {
            for (int d = 0; d < 400; d++) {
                chains[c][d] = Math.sin(d * 1.7 + c * 0.3);
            }
        }
        double[][] s = Diagnostics.runningSplitRhat(chains, 40);
        assertEquals(40, s[0].length);
        assertEquals(400, s[0][s[0].length - 1]);
        double last = s[1][s[1].length - 1];
        assertTrue(Math.abs(last - 1) < 0.05, "R-hat " + last);
        assertEquals(Diagnostics.splitRhat(chains), last, 1e-15);
        // chains stuck at different levels: R-hat far above one
        for (int d = 0; d < 400; d++) {
            chains[1][d] += 10;
        }
        double[][] bad = Diagnostics.runningSplitRhat(chains, 40);
        assertTrue(bad[1][bad[1].length - 1] > 1.5, "R-hat of separated chains " + bad[1][bad[1].length - 1]);
        // one chain: undefined, no points
        assertEquals(0, Diagnostics.runningSplitRhat(new double[][] {chains[0]}, 40)[0].length);
    }
}

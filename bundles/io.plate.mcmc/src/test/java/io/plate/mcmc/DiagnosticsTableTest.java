package io.plate.mcmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Chain;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticsTableTest {
    @Test
    void theTableReportsTheDrawsHeldNotThePlannedCount() {
        // a cancelled run of 200 planned kept draws per chain: chain 0 held 3, chain 1 held 5
        Trace cut = new Trace(List.of("logJoint"), new double[][][] {{{-1}, {-2}, {-3}}, {{-1}, {-2}, {-3}, {-4}, {-5}}},
                new long[][] {{11, 12, 13}, {11, 12, 13, 14, 15}});
        SamplerPosterior p = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(210, 10, 1, 2, 1L, 1))
                .trace(cut).cancelled(true).build();
        // the total, then each chain's count ("3/5 kept draws" read as 3 of 5)
        assertTrue(p.toString().startsWith("test.sampler on toy: 8 kept draws, 3 + 5 in 2 chains (210 iterations"),
                p.toString());
        // a trace thinned for storage (every 4th of the kept draws of thin 2) says so
        Trace thinned = new Trace(List.of("logJoint"), new double[][][] {{{-1}, {-2}}}, new long[][] {{11, 19}});
        assertEquals("1 chain × 2 draws held, 1 in 4 of the kept draws", DiagnosticsTable.keptDraws(thinned, 2));
        Trace thinnedCut = new Trace(List.of("logJoint"), new double[][][] {{{-1}, {-2}}, {{-1}, {-2}, {-3}}},
                new long[][] {{11, 19}, {11, 19, 27}});
        assertEquals("5 draws held, 2 + 3 in 2 chains, 1 in 4 of the kept draws",
                DiagnosticsTable.keptDraws(thinnedCut, 2));
    }

    /** One draw of one chain: its mean, and "–" where a figure needs more (sd, ESS, R-hat), not NaN. */
    /** A run of one iteration (--iterations 1) says so in the singular: "(1 iterations" was printed before. */
    @Test
    void oneIterationIsSingular() {
        Trace one = new Trace(List.of("logJoint"), new double[][][] {{{-1175.5}}}, new long[][] {{1}});
        String t = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(1, 0, 1, 1, 1L, 1))
                .trace(one).seconds(0.06).sweepsPerSecond(50).build().toString();
        assertTrue(t.startsWith("test.sampler on toy: 1 chain × 1 kept draw (1 iteration, burn-in 0,"), t);
    }

    @Test
    void oneDrawShowsItsMeanAndADashForWhatItCannotGive() {
        Trace one = new Trace(List.of("logJoint"), new double[][][] {{{-1175.5}}}, new long[][] {{3}});
        String t = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(3, 2, 1, 1, 1L, 1))
                .trace(one).seconds(0.06).sweepsPerSecond(50).build().toString();
        assertTrue(t.startsWith("test.sampler on toy: 1 chain × 1 kept draw (3 iterations, burn-in 2,"), t);
        assertTrue(t.lines().anyMatch(l -> l.matches("logJoint +-1176 +– +– +– +–")), t);
        assertFalse(t.contains("NaN"), t);
    }

    @Test
    void oneChainShowsNoRhatAndSaysWhy() {
        double[][][] v = {{{-1.5}, {-1.25}, {-1.0}, {-0.5}, {-0.75}, {-2.0}, {-1.5}, {-1.0}}};
        long[][] it = {{1, 2, 3, 4, 5, 6, 7, 8}};
        Trace trace = new Trace(List.of("logJoint"), v, it);
        String t = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(8, 0, 1, 1, 1L, 1))
                .trace(trace).diagnostics(Diagnostics.summarize(trace)).build().toString();
        assertTrue(t.lines().anyMatch(l -> l.matches("logJoint +-1\\.188 +0\\.4772 +– +7 +7")), t);
        assertTrue(t.contains("R-hat –: it compares chains; run --chains 2 or more for it"), t);
    }

    @Test
    void toStringIsTheDiagnosticsTable() {
        double[][][] v = {{{-1.5, 2}, {-1.25, 3}, {-1.0, 2}, {-0.5, 4}, {-0.75, 3}},
            {{-2.0, 1}, {-1.5, 2}, {-1.0, 2}, {-1.25, 3}, {-0.5, 1}}};
        long[][] it = {{11, 12, 13, 14, 15}, {11, 12, 13, 14, 15}};
        Trace trace = new Trace(List.of("logJoint", "active"), v, it);
        String t = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(15, 10, 1, 2, 1L, 1))
                .trace(trace).diagnostics(Diagnostics.summarize(trace)).build().toString();
        assertTrue(t.contains("summary") && t.contains("R-hat") && t.contains("ESS bulk") && t.contains("ESS tail"), t);
        assertTrue(t.contains("logJoint") && t.contains("active"), t);
        assertTrue(t.contains("sweeps/s"), t);
    }

    /** Two chains of {@code n} draws: white noise around {@code mean0} and {@code mean1}, or random walks. */
    private static SamplerPosterior twoChains(int n, double mean0, double mean1, boolean walk) {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(7);
        double[][][] v = new double[2][n][1];
        long[][] it = new long[2][n];
        for (int c = 0; c < 2; c++) {
            double x = 0;
            for (int d = 0; d < n; d++) {
                double e = rng.nextDouble() - 0.5;
                x = walk ? x + e : e;
                v[c][d][0] = (c == 0 ? mean0 : mean1) + x;
                it[c][d] = d + 1;
            }
        }
        Trace t = new Trace(List.of("logJoint"), v, it);
        return SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(n, 0, 1, 2, 1L, 1)).trace(t)
                .build();
    }

    @Test
    void chainsInTwoPlacesAreCalledApartWithEachChainsMean() {
        SamplerPosterior apart = twoChains(400, -100, -40, false);
        assertTrue(DiagnosticsTable.chainsApart(apart));
        List<String> w = DiagnosticsTable.warnings(apart);
        assertEquals(3, w.size(), w.toString()); // chains apart are also few effective draws
        assertTrue(w.get(0).startsWith("R-hat above 1.01 (logJoint "), w.get(0));
        assertTrue(w.get(1).startsWith("  mean logJoint per chain: -100.0 -40.0"), w.get(1));
        assertTrue(w.get(2).startsWith("bulk ESS below 200 (logJoint "), w.get(2));
        assertTrue(apart.toString().endsWith(String.join("\n", w)), apart.toString());
        // the same noise around one mean: nothing to say
        SamplerPosterior mixed = twoChains(400, -100, -100, false);
        assertFalse(DiagnosticsTable.chainsApart(mixed));
        assertEquals(List.of(), DiagnosticsTable.warnings(mixed));
    }

    @Test
    void chainsConstantAtDifferentValuesAreInfinitelyApart() {
        // a cluster count stuck at 20 in one chain and 19 in the other (30 kept draws each), and a summary
        // equal to 5 everywhere (undefined R-hat, left out of the warnings)
        double[][][] v = new double[2][30][];
        long[][] it = new long[2][30];
        for (int d = 0; d < 30; d++) {
            v[0][d] = new double[] {20, 5};
            v[1][d] = new double[] {19, 5};
            it[0][d] = d + 31;
            it[1][d] = d + 31;
        }
        Trace t = new Trace(List.of("clusters", "flat"), v, it);
        SamplerPosterior p = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(60, 30, 1, 2, 1L, 1))
                .trace(t).build();
        String table = p.toString();
        assertTrue(table.contains("\nclusters  19.50  0.5042    inf"), table);
        assertTrue(DiagnosticsTable.chainsApart(p));
        List<String> w = DiagnosticsTable.warnings(p);
        assertEquals("R-hat above 1.01 (clusters inf): the chains have not mixed yet", w.get(0));
        assertTrue(w.get(1).startsWith("  mean clusters per chain: 20.00 19.00;"), w.get(1));
        assertTrue(w.get(2).startsWith("bulk ESS below 200 (clusters "), w.get(2));
        assertFalse(String.join("\n", w).contains("flat"), w.toString());
    }

    /**
     * Every draw the same partition: logJoint and entropy differ only by rounding (2e-11 and one ulp, far below
     * 1e-9 of their magnitude), clusters is exactly 2. All three are constant: sd 0, R-hat undefined, and no
     * "means are rough" line, though 2 × 30 draws are fewer than the 200 effective draws the warning asks for.
     */
    @Test
    void summariesThatDifferOnlyByRoundingAreConstant() {
        double[][][] v = new double[2][30][];
        long[][] it = new long[2][30];
        for (int c = 0; c < 2; c++) {
            for (int d = 0; d < 30; d++) {
                v[c][d] = new double[] {-316.66 + ((d * 7 + c) % 5 - 2) * 2e-11, 2, Math.log(2) + (d % 3 - 1) * 1.1e-16};
                it[c][d] = d + 31;
            }
        }
        Trace t = new Trace(List.of("logJoint", "clusters", "entropy"), v, it);
        SamplerPosterior p = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(60, 30, 1, 2, 1L, 1))
                .trace(t).build();
        for (io.plate.api.sample.SummaryDiagnostic d : p.diagnostics()) {
            assertEquals(0.0, d.sd(), d.toString());
            assertTrue(Double.isNaN(d.rhat()), d.toString());
        }
        assertEquals(List.of(), DiagnosticsTable.warnings(p));
    }

    @Test
    void oneSlowChainIsCalledRoughToo() {
        double[][][] v = new double[1][400][1];
        long[][] it = new long[1][400];
        double x = 0;
        java.util.SplittableRandom rng = new java.util.SplittableRandom(3);
        for (int d = 0; d < 400; d++) {
            x += rng.nextDouble() - 0.5;
            v[0][d][0] = x;
            it[0][d] = d + 1;
        }
        SamplerPosterior one = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(400, 0, 1, 1, 1L, 1))
                .trace(new Trace(List.of("logJoint"), v, it)).build();
        List<String> w = DiagnosticsTable.warnings(one);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("bulk ESS below 100 (logJoint "), w.get(0));
    }

    @Test
    void anExtensibleRunSaysHowFarItWentAndWhatIsLeft() {
        Trace t = twoChains(400, 0, 0, true).trace(); // a random walk: bulk ESS far below 400
        RunSettings asked = new RunSettings(100, 0, 1, 2, 1L, 1, 400);
        ChainRun<Chain> atMost = new ChainRun<>(List.of(), t, Diagnostics.summarize(t), false, 1.0, 800, 400);
        SamplerPosterior p = SamplerPosterior.builder("test.sampler", "toy").run(atMost, asked).build();
        assertEquals(400, p.settings().iterations());
        assertTrue(p.toString().startsWith("test.sampler on toy: 2 chains × 400 kept draws (400 iterations, burn-in 0,"
                + " thin 1, seed 1)\nextended from 100 to 400 iterations (the most allowed, --max-iterations 400) until"
                + " every summary's R-hat ≤ 1.01 and bulk ESS ≥ 400\n"), p.toString());
        assertTrue(DiagnosticsTable.warnings(p).stream().anyMatch(l -> l.startsWith("bulk ESS below 200 (logJoint ")
                && l.endsWith("; raise --max-iterations")), DiagnosticsTable.warnings(p).toString());
        // a run that met both goals at its iterations says so; a fixed run is told how to go on
        ChainRun<Chain> met = new ChainRun<>(List.of(), t, Diagnostics.summarize(t), false, 1.0, 800, 100);
        assertEquals("not extended: every summary's R-hat ≤ 1.01 and bulk ESS ≥ 400 at 100 iterations",
                SamplerPosterior.builder("s", "toy").run(met, asked).build().facts().get(SamplerPosterior.EXTENSION));
        // one chain has no R-hat: its goal is named without one
        assertEquals("not extended: every summary's bulk ESS ≥ 400 (one chain: no R-hat) at 100 iterations",
                SamplerPosterior.builder("s", "toy").run(met, new RunSettings(100, 0, 1, 1, 1L, 1, 400)).build().facts()
                        .get(SamplerPosterior.EXTENSION));
        SamplerPosterior fixed = SamplerPosterior.builder("s", "toy").run(met, asked.withMaxIterations(100)).build();
        assertFalse(fixed.facts().containsKey(SamplerPosterior.EXTENSION));
        assertTrue(DiagnosticsTable.warnings(fixed).stream().anyMatch(l -> l.endsWith(
                "; run more iterations (--max-iterations N goes on until they converge)")),
                DiagnosticsTable.warnings(fixed).toString());
    }

    @Test
    void slowlyMovingChainsAreCalledRough() {
        List<String> w = DiagnosticsTable.warnings(twoChains(400, 0, 0, true));
        assertTrue(w.stream().anyMatch(l -> l.startsWith("bulk ESS below 200 (logJoint ")), w.toString());
    }
}

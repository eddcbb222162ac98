package io.plate.mcmc.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Chain;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.Progress;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.SummaryDiagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class ParallelChainRunnerTest {
    private static final ParallelChainRunner RUNNER = new ParallelChainRunner(new StreamDistributions());

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    /** A stationary Gaussian AR(1) chain: x ← φ x + sqrt(1 − φ²) ε; its "log joint" is −x²/2. */
    static class Ar1Chain implements Chain {
        final double phi;
        final int chainIndex;
        double x;
        long sweeps;
        final List<Long> keptAt = new ArrayList<>();
        final List<Double> keptX = new ArrayList<>();
        final long failAt;
        final long sleepNanos;

        Ar1Chain(int chainIndex, UniformRandomProvider rng, double phi, long failAt, long sleepNanos) {
            this.chainIndex = chainIndex;
            this.phi = phi;
            this.failAt = failAt;
            this.sleepNanos = sleepNanos;
            this.x = normal(rng);
        }

        static double normal(UniformRandomProvider rng) {
            return Math.sqrt(-2 * Math.log1p(-rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
        }

        @Override
        public List<String> summaryNames() {
            return List.of("logJoint", "x");
        }

        @Override
        public void sweep(UniformRandomProvider rng) {
            sweeps++;
            if (sweeps == failAt) {
                throw new IllegalStateException("chain " + chainIndex + " broke at sweep " + sweeps);
            }
            if (sleepNanos > 0) {
                long until = System.nanoTime() + sleepNanos;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            x = phi * x + Math.sqrt(1 - phi * phi) * normal(rng);
        }

        @Override
        public void summaries(double[] out) {
            out[0] = -0.5 * x * x;
            out[1] = x;
        }

        @Override
        public void keep(long iteration) {
            keptAt.add(iteration);
            keptX.add(x);
        }
    }

    private static ChainRun<Ar1Chain> run(RunSettings s) {
        return RUNNER.run((c, rng) -> new Ar1Chain(c, rng, 0.5, -1, 0), s, ProgressListener.NONE, new Cancellation());
    }

    private static ChainRun<Ar1Chain> run(RunSettings s, double phi) {
        return RUNNER.run((c, rng) -> new Ar1Chain(c, rng, phi, -1, 0), s, ProgressListener.NONE, new Cancellation());
    }

    @Test
    void anExtensibleRunGoesOnUntilEverySummaryConverges() {
        // AR(1) with φ = 0.95: integrated autocorrelation time (1 + φ)/(1 − φ) = 39, so 4 chains × 300 kept draws
        // have a bulk ESS near 31 and the run must go on to about 400 · 39 / 4 ≈ 3,900 kept draws per chain
        RunSettings asked = new RunSettings(400, 100, 1, 4, 7L, 2, 40_000);
        ChainRun<Ar1Chain> r = run(asked, 0.95);
        assertTrue(r.iterations() > 2_000 && r.iterations() < 40_000, "went to " + r.iterations());
        assertEquals(0, r.iterations() % 100);
        for (SummaryDiagnostic d : r.diagnostics()) {
            assertTrue(d.essBulk() >= 400 && d.rhat() <= 1.01, d.toString());
        }
        for (int c = 0; c < 4; c++) {
            assertEquals(r.iterations(), r.chains().get(c).sweeps);
            assertEquals(r.iterations() - 100, r.trace().draws(c));
        }
        // the same draws as a run asked for those iterations, on one thread
        ChainRun<Ar1Chain> fixed = run(new RunSettings(r.iterations(), 100, 1, 4, 7L, 1), 0.95);
        assertEquals(r.iterations(), fixed.iterations());
        for (int c = 0; c < 4; c++) {
            assertEquals(fixed.chains().get(c).keptX, r.chains().get(c).keptX);
        }
        assertEquals(fixed.diagnostics(), r.diagnostics());
        assertEquals(4L * r.iterations(), r.sweeps());
        assertEquals(r.iterations(), r.asRun(asked).iterations());
    }

    @Test
    void aRunThatHasConvergedIsNotExtended() {
        ChainRun<Ar1Chain> r = run(new RunSettings(1_000, 100, 1, 4, 3L, 2, 40_000), 0.0);
        assertEquals(1_000, r.iterations());
        assertEquals(4_000, r.sweeps());
        // and a run that is not extensible keeps its iterations however poorly it mixes
        ChainRun<Ar1Chain> fixed = run(new RunSettings(1_000, 100, 1, 4, 3L, 2), 0.99);
        assertEquals(1_000, fixed.iterations());
        assertTrue(fixed.diagnostics().get(1).essBulk() < 400);
    }

    @Test
    void anExtensibleRunStopsAtItsMaximum() {
        // φ = 0.999 needs about 2 million draws for an ESS of 400: the run ends at its maximum, not rounded
        ChainRun<Ar1Chain> r = run(new RunSettings(500, 100, 1, 2, 5L, 2, 3_050), 0.999);
        assertEquals(3_050, r.iterations());
        assertEquals(2_950, r.trace().draws(0));
        assertTrue(r.diagnostics().get(1).essBulk() < 400);
        assertThrows(IllegalArgumentException.class, () -> new RunSettings(500, 100, 1, 2, 5L, 2, 499));
    }

    @Test
    void drawsDoNotDependOnThreadCount() {
        ChainRun<Ar1Chain> one = run(new RunSettings(400, 100, 1, 4, 42L, 1));
        ChainRun<Ar1Chain> two = run(new RunSettings(400, 100, 1, 4, 42L, 2));
        ChainRun<Ar1Chain> four = run(new RunSettings(400, 100, 1, 4, 42L, 4));
        for (int c = 0; c < 4; c++) {
            assertArrayEquals(one.trace().series(c, 1), two.trace().series(c, 1));
            assertArrayEquals(one.trace().series(c, 1), four.trace().series(c, 1));
            assertEquals(one.chains().get(c).keptX, four.chains().get(c).keptX);
        }
        assertEquals(one.diagnostics(), four.diagnostics());
        // chains use distinct streams, and another seed gives other draws
        assertNotEquals(one.trace().series(0, 1)[0], one.trace().series(1, 1)[0]);
        ChainRun<Ar1Chain> other = run(new RunSettings(400, 100, 1, 4, 43L, 2));
        assertNotEquals(one.trace().series(0, 1)[0], other.trace().series(0, 1)[0]);
    }

    @Test
    void burnInAndThinningKeepTheRightSweeps() {
        ChainRun<Ar1Chain> r = run(new RunSettings(107, 7, 10, 3, 1L, 2));
        for (int c = 0; c < 3; c++) {
            assertEquals(10, r.trace().draws(c)); // sweeps 8, 18, ..., 98
            assertEquals(8, r.trace().iteration(c, 0));
            assertEquals(98, r.trace().iteration(c, 9));
            assertEquals(107, r.chains().get(c).sweeps);
            assertEquals(r.chains().get(c).keptAt.size(), 10);
            assertEquals(98L, r.chains().get(c).keptAt.get(9));
        }
        assertEquals(3 * 107, r.sweeps());
        assertFalse(r.cancelled());
        ChainRun<Ar1Chain> edge = run(new RunSettings(10, 9, 3, 1, 1L, 1));
        assertEquals(1, edge.trace().draws(0));
        assertEquals(10, edge.trace().iteration(0, 0));
        assertEquals(new RunSettings(108, 7, 10, 1, 1, 1).keptPerChain(), run(new RunSettings(108, 7, 10, 1, 1, 1))
                .trace().draws(0));
    }

    @Test
    void cancellationStopsAtASweepAndKeepsTheDraws() {
        Cancellation cancel = new Cancellation();
        List<Progress> reports = new CopyOnWriteArrayList<>();
        long start = System.nanoTime();
        ChainRun<Ar1Chain> r = RUNNER.run((c, rng) -> new Ar1Chain(c, rng, 0.5, -1, 200_000), // 0.2 ms per sweep
                new RunSettings(1_000_000, 10, 1, 2, 5L, 2), p -> {
                    reports.add(p);
                    if (p.iteration() > 20) { // every chain is past its burn-in: cancel
                        cancel.cancel();
                    }
                }, cancel);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(r.cancelled());
        assertTrue(seconds < 10, "cancel took " + seconds + " s");
        for (int c = 0; c < 2; c++) {
            Ar1Chain chain = r.chains().get(c);
            assertTrue(chain.sweeps > 10 && chain.sweeps < 1_000_000);
            assertEquals(chain.keptX.size(), r.trace().draws(c));
            assertEquals(chain.sweeps - 10, r.trace().draws(c));
        }
        assertTrue(reports.size() >= 1);
        Progress p = reports.get(reports.size() - 1);
        assertEquals(1_000_000, p.iterations());
        assertEquals(2, p.chains());
        assertTrue(p.sweepsPerSecond() > 0);
        assertTrue(p.etaSeconds() > 0);
        assertTrue(Double.isFinite(p.logJoint()) && p.logJoint() <= 0);
        // reports come at most about four times per second
        assertTrue(reports.size() <= 4 * seconds + 2, reports.size() + " reports in " + seconds + " s");
    }

    /**
     * Two chains on one thread: while chain 0 runs, chain 1 waits at 0 sweeps, so the slowest chain's count
     * says nothing of the progress; the report also counts the sweeps done over all chains.
     */
    @Test
    void progressCountsTheSweepsOfEveryChainWhileOneWaitsForAThread() {
        Cancellation cancel = new Cancellation();
        List<Progress> reports = new CopyOnWriteArrayList<>();
        RUNNER.run((c, rng) -> new Ar1Chain(c, rng, 0.5, -1, 200_000), new RunSettings(1_000_000, 10, 1, 2, 5L, 1), p -> {
            reports.add(p);
            if (p.sweeps() > 100 || reports.size() >= 20) { // about five seconds at most
                cancel.cancel();
            }
        }, cancel);
        Progress last = reports.get(reports.size() - 1);
        assertEquals(0, last.iteration(), "chain 1 has not started");
        assertTrue(last.sweeps() > 100, "sweeps " + last.sweeps());
    }

    /**
     * Two chains on one thread: once chain 0 has finished, the report's log joint is chain 1's, and says so
     * (it stayed at chain 0's last value, for half the run, while chain 1 ran).
     */
    @Test
    void progressShowsTheLogJointOfAChainStillRunning() {
        List<Progress> reports = new CopyOnWriteArrayList<>();
        RUNNER.run((c, rng) -> new Chain() { // log joint −(1000 c + sweeps): which chain, and how far it got
            long sweeps;

            @Override
            public List<String> summaryNames() {
                return List.of("logJoint");
            }

            @Override
            public void sweep(UniformRandomProvider rng) {
                sweeps++;
                long until = System.nanoTime() + 3_000_000; // 3 ms: about 80 sweeps between two reports
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }

            @Override
            public void summaries(double[] out) {
                out[0] = -(1000.0 * c + sweeps);
            }

            @Override
            public void keep(long iteration) {
            }
        }, new RunSettings(400, 0, 1, 2, 5L, 1), reports::add, new Cancellation());
        // a report shows the log joint of the first sweep after the report before it (a chain computes it on
        // request): past 600 sweeps in all, chain 1 has run for 0.6 s, two reports' time, since chain 0 ended
        List<Progress> late = reports.stream().filter(p -> p.sweeps() > 600).toList();
        assertFalse(late.isEmpty(), "the last report comes after the last sweep");
        for (Progress p : late) {
            assertEquals(1, p.logJointChain(), p.toString());
            assertTrue(p.logJoint() <= -1001 && p.logJoint() >= -1400, p.toString()); // chain 1's, 1 to 400 sweeps
        }
    }

    @Test
    void aBillionIterationsRunInBoundedMemoryUntilCancelled() {
        Cancellation cancel = new Cancellation();
        List<Progress> reports = new CopyOnWriteArrayList<>();
        ParallelChainRunner small = new ParallelChainRunner(StreamDistributions::new, 64);
        ChainRun<Ar1Chain> r;
        try {
            r = small.run((c, rng) -> new Ar1Chain(c, rng, 0.5, -1, 0) {
                @Override
                public void keep(long iteration) { // a chain that keeps nothing of its own
                }
            }, new RunSettings(1_000_000_000, 0, 1, 2, 5L, 2), p -> {
                reports.add(p);
                if (p.iteration() > 10_000) {
                    cancel.cancel();
                }
            }, cancel);
        } finally {
            small.close();
        }
        assertTrue(r.cancelled());
        assertFalse(reports.isEmpty());
        for (int c = 0; c < 2; c++) {
            long sweeps = r.chains().get(c).sweeps;
            int held = r.trace().draws(c);
            assertTrue(held >= 32 && held <= 64, held + " draws held after " + sweeps + " sweeps");
            // evenly spaced from the first sweep: stride a power of two, covering the sweeps done
            long step = r.trace().iteration(c, 1) - r.trace().iteration(c, 0);
            assertEquals(1, r.trace().iteration(c, 0));
            assertEquals(0, step & (step - 1), "stride " + step);
            for (int d = 1; d < held; d++) {
                assertEquals(1 + d * step, r.trace().iteration(c, d));
            }
            assertTrue(sweeps - r.trace().iteration(c, held - 1) < 2 * step, "the trace reaches the last sweeps");
        }
    }

    @Test
    void traceBufferThinsByHalvingAndKeepsEverythingBelowItsCapacity() {
        TraceBuffer b = new TraceBuffer(1, 4);
        for (long it = 1; it <= 3; it++) {
            b.add(it, new double[] {it});
        }
        assertArrayEquals(new long[] {1, 2, 3}, b.iterations());
        for (long it = 4; it <= 11; it++) {
            b.add(it, new double[] {it * 10});
        }
        // 1..4 held; at 5 → 1,3 then stride 2: 5, 7 → full at 9 → 1,5 stride 4: 9; 11 skipped (not a multiple of 4 apart)
        assertArrayEquals(new long[] {1, 5, 9}, b.iterations());
        assertArrayEquals(new double[] {1, 50, 90}, b.series(0, 3, 1));
        assertEquals(11, b.seen());
    }

    @Test
    void cancellationBeforeAnyChainStartsStillReturnsEveryChain() {
        Cancellation cancel = new Cancellation();
        cancel.cancel();
        ChainRun<Ar1Chain> r = RUNNER.run((c, rng) -> new Ar1Chain(c, rng, 0.5, -1, 0),
                new RunSettings(100, 10, 1, 3, 5L, 1), ProgressListener.NONE, cancel);
        assertTrue(r.cancelled());
        assertEquals(3, r.chains().size());
        assertEquals(0, r.trace().draws(2));
        assertTrue(Double.isNaN(r.diagnostics().get(0).mean()));
    }

    @Test
    void aFailingChainStopsTheOthersAndPropagates() {
        List<Ar1Chain> made = new CopyOnWriteArrayList<>();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RUNNER.run((c, rng) -> {
            Ar1Chain chain = new Ar1Chain(c, rng, 0.5, c == 1 ? 50 : -1, 100_000);
            made.add(chain);
            return chain;
        }, new RunSettings(1_000_000, 0, 1, 2, 5L, 2), ProgressListener.NONE, new Cancellation()));
        assertEquals("chain 1 broke at sweep 50", e.getMessage());
        for (Ar1Chain c : made) {
            assertTrue(c.sweeps < 1_000_000, "chain " + c.chainIndex + " ran on");
        }
        RuntimeException fromFactory = assertThrows(RuntimeException.class, () -> RUNNER.run((c, rng) -> {
            throw new ArithmeticException("bad start");
        }, new RunSettings(10, 0, 1, 2, 5L, 2), ProgressListener.NONE, new Cancellation()));
        assertEquals("bad start", fromFactory.getMessage());
    }

    @Test
    void diagnosticsSeeConvergenceAndItsAbsence() {
        ChainRun<Ar1Chain> good = run(new RunSettings(2_000, 500, 1, 4, 11L, 2));
        SummaryDiagnostic x = good.diagnostics().get(1);
        assertEquals("x", x.name());
        assertEquals(0.0, x.mean(), 0.15); // 6,000 draws, ESS ~ 2,000: sd of the mean ~ 0.022
        assertEquals(1.0, x.sd(), 0.08);
        assertTrue(x.rhat() < 1.01, "R-hat " + x.rhat());
        // AR(1) with φ = 0.5: ESS ≈ N (1 − φ)/(1 + φ) = 2,000
        assertEquals(2000, x.essBulk(), 400);
        assertSame(good.diagnostics().get(0).name(), "logJoint");
        // chains stuck at different values: R-hat far above 1
        ChainRun<Ar1Chain> stuck = RUNNER.run((c, rng) -> {
            Ar1Chain chain = new Ar1Chain(c, rng, 0.999, -1, 0);
            chain.x = 3 * c;
            return chain;
        }, new RunSettings(400, 0, 1, 3, 3L, 2), ProgressListener.NONE, new Cancellation());
        assertTrue(stuck.diagnostics().get(1).rhat() > 1.5, "R-hat " + stuck.diagnostics().get(1).rhat());
    }

    @Test
    void aThrowingListenerStopsTheRunAndPropagates() {
        List<Ar1Chain> made = new CopyOnWriteArrayList<>();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RUNNER.run((c, rng) -> {
            Ar1Chain chain = new Ar1Chain(c, rng, 0.5, -1, 100_000);
            made.add(chain);
            return chain;
        }, new RunSettings(1_000_000, 0, 1, 2, 5L, 2), p -> {
            throw new IllegalArgumentException("listener broke");
        }, new Cancellation()));
        assertEquals("listener broke", e.getMessage());
        for (Ar1Chain c : made) {
            assertTrue(c.sweeps < 1_000_000, "chain " + c.chainIndex + " ran on");
        }
    }

    @Test
    void closeCancelsRunningRunsAndRefusesNewOnes() throws Exception {
        ParallelChainRunner own = new ParallelChainRunner(new StreamDistributions());
        java.util.concurrent.atomic.AtomicReference<ChainRun<Ar1Chain>> result = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(2);
        Thread caller = new Thread(() -> result.set(own.run((c, rng) -> {
            started.countDown();
            return new Ar1Chain(c, rng, 0.5, -1, 100_000);
        }, new RunSettings(1_000_000, 0, 1, 2, 5L, 2), ProgressListener.NONE, new Cancellation())));
        caller.start();
        assertTrue(started.await(30, java.util.concurrent.TimeUnit.SECONDS));
        own.close();
        caller.join(30_000);
        assertFalse(caller.isAlive());
        assertTrue(result.get().cancelled());
        assertThrows(IllegalStateException.class, () -> own.run((c, rng) -> new Ar1Chain(c, rng, 0.5, -1, 0),
                new RunSettings(10, 0, 1, 1, 5L, 1), ProgressListener.NONE, new Cancellation()));
    }

    @Test
    void summaryNamesMustAgree() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RUNNER.run((c, rng) -> new Ar1Chain(
                c, rng, 0.5, -1, 0) {
            @Override
            public List<String> summaryNames() {
                return c == 0 ? List.of("logJoint", "x") : List.of("logJoint", "y");
            }
        }, new RunSettings(10, 0, 1, 2, 5L, 1), ProgressListener.NONE, new Cancellation()));
        assertTrue(e.getMessage().contains("summaries"), e.getMessage());
    }
}

package io.plate.mcmc.impl;

import io.plate.api.PlateException;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Chain;
import io.plate.api.sample.ChainFactory;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Progress;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RestorableChain;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Trace;
import io.plate.mcmc.ChainRunnerPool;
import io.plate.mcmc.Diagnostics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Runs Gibbs chains in parallel. Usable without OSGi: {@code new ParallelChainRunner(distributions)};
 * the bundle also registers it as the {@link ChainRunner} service.
 *
 * <p>Chain {@code c} is created and swept on {@code distributions.stream(seed, c)} only, so a run's
 * draws do not depend on how chains are scheduled on threads. Each run uses at most
 * {@code settings.threads()} worker threads (0: one per core) from this runner's pool; the calling
 * thread waits, reports progress (at most four times per second) and assembles the result.
 *
 * <p>Cancellation (the caller's token, or an interrupt of the calling thread) stops every chain at
 * its next sweep boundary; the run returns the draws kept so far, marked cancelled. When a chain
 * throws, the other chains stop at their next sweep and the exception propagates; a chain that runs
 * out of memory ends the run with a {@link PlateException} giving the heap limit.
 *
 * <p>A run whose settings allow more iterations than they ask for ({@link RunSettings#extensible()}) goes on
 * in rounds past its iterations while some summary's split R-hat or bulk ESS misses its target; each chain
 * continues its own stream, so an extended run's draws are those of a run asked for the iterations it went to.
 *
 * <p>Memory does not grow with iterations: each chain's trace holds at most {@link #MAX_TRACE_DRAWS}
 * evenly spaced kept draws ({@link TraceBuffer}), so a run of 10⁹ iterations runs, with progress,
 * until it ends or is cancelled.
 *
 * <p>With {@link Checkpoints}, each chain (a {@link RestorableChain}) saves its stream, its kept
 * summaries and its state every N sweeps and after its last ({@link ChainCheckpoints}); a resumed run
 * starts each chain where its latest checkpoint left it and goes on as the uninterrupted run would.
 */
public final class ParallelChainRunner implements ChainRunnerPool {
    /** Nanoseconds between progress reports. */
    static final long REPORT_INTERVAL_NANOS = 250_000_000L;

    /** Draws per chain beyond which the R-hat shown in progress reports is computed on a strided subset. */
    private static final int PROGRESS_RHAT_DRAWS = 2_000;
    /**
     * Most kept draws a chain's trace holds (see {@link TraceBuffer}): beyond, the trace is thinned
     * further, so a run's memory does not grow with its iterations.
     */
    public static final int MAX_TRACE_DRAWS = 1 << 16;

    private final Supplier<Distributions> provider;
    private final ExecutorService pool;
    private final Set<Cancellation> running = ConcurrentHashMap.newKeySet();
    private final int traceDraws;

    public ParallelChainRunner(Distributions distributions) {
        this(constant(Objects.requireNonNull(distributions, "distributions")));
    }

    /**
     * A runner that asks {@code provider} for the Distributions provider at the start of each run (the
     * service uses this to follow the best-ranked provider without stopping runs in progress); a run
     * keeps the provider it started with.
     */
    public ParallelChainRunner(Supplier<Distributions> provider) {
        this(provider, MAX_TRACE_DRAWS);
    }

    /** A runner whose chains' traces hold at most {@code traceDraws} draws each (even, at least 2). */
    ParallelChainRunner(Supplier<Distributions> provider, int traceDraws) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.traceDraws = traceDraws;
        AtomicInteger count = new AtomicInteger();
        ThreadFactory threads = r -> {
            Thread t = new Thread(r, "plate-chain-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.pool = Executors.newCachedThreadPool(threads);
    }

    private static Supplier<Distributions> constant(Distributions d) {
        return () -> d;
    }

    /** The distributions provider whose streams the next run's chains use. */
    public Distributions distributions() {
        return provider.get();
    }

    @Override
    public <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings, ProgressListener listener,
            Cancellation cancellation) {
        return run(factory, settings, listener, cancellation, null);
    }

    @Override
    public <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings, ProgressListener listener,
            Cancellation cancellation, Checkpoints checkpoints) {
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(settings, "settings");
        ProgressListener progress = listener == null ? ProgressListener.NONE : listener;
        Cancellation cancel = cancellation == null ? new Cancellation() : cancellation;
        if (pool.isShutdown()) {
            throw new IllegalStateException("the chain runner has been shut down");
        }
        Distributions distributions = provider.get();
        if (distributions == null) {
            throw new IllegalStateException("no Distributions provider is available");
        }
        if (checkpoints != null && settings.extensible()) {
            throw new IllegalArgumentException("a checkpointed run has a fixed number of iterations (" + settings.iterations()
                    + "); it cannot be extended to " + settings.maxIterations());
        }
        // a resumed run's checkpoints are read and checked (or a new run's folder found empty) before any chain starts
        ChainCheckpoints saved = checkpoints == null ? null : new ChainCheckpoints(checkpoints, settings);
        running.add(cancel);
        try {
            return new Run<>(distributions, factory, settings, progress, cancel, saved).execute();
        } finally {
            running.remove(cancel);
        }
    }

    /**
     * Cancels running runs (their chains stop at the next sweep and the runs return what they kept),
     * shuts the worker pool down and waits for the workers to end.
     */
    @Override
    public void close() {
        pool.shutdown();
        for (Cancellation c : running) {
            c.cancel("the chain runner was shut down");
        }
        try {
            if (!pool.awaitTermination(60, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /** One run: its chains, their kept summaries and the coordination between workers and caller. */
    private final class Run<C extends Chain> {
        private final Distributions distributions;
        private final ChainFactory<C> factory;
        private final RunSettings settings;
        private final ProgressListener listener;
        private final Cancellation cancellation;
        private final int chains;
        private final Object[] chainObjects;
        private final AtomicReferenceArray<TraceBuffer> traces; // set by each chain's worker
        private final AtomicLongArray sweeps;
        private final AtomicLongArray resumed; // per chain: sweeps done before this run (from its checkpoint)
        private final ChainCheckpoints checkpoints; // null: none
        private final AtomicInteger nextChain = new AtomicInteger();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private int failedChain = Integer.MAX_VALUE; // guarded by this: the chain whose failure is reported
        private final AtomicReference<List<String>> names = new AtomicReference<>();
        private volatile boolean abort;
        // set by each report: the next chain to sweep publishes its log joint for the next one
        private final AtomicBoolean wantLogJoint = new AtomicBoolean(true);
        private volatile LogJoint logJoint = LogJoint.NONE; // the latest published, of whichever chain swept
        private final ChainState<C>[] states; // each chain's, kept between rounds; written by its worker
        private volatile int target; // sweeps per chain of the current round

        Run(Distributions distributions, ChainFactory<C> factory, RunSettings settings, ProgressListener listener,
                Cancellation cancellation, ChainCheckpoints checkpoints) {
            this.distributions = distributions;
            this.checkpoints = checkpoints;
            this.factory = factory;
            this.settings = settings;
            this.listener = listener;
            this.cancellation = cancellation;
            this.chains = settings.chains();
            this.chainObjects = new Object[chains];
            this.traces = new AtomicReferenceArray<>(chains);
            this.sweeps = new AtomicLongArray(chains);
            this.resumed = new AtomicLongArray(chains);
            @SuppressWarnings("unchecked")
            ChainState<C>[] st = new ChainState[chains];
            this.states = st;
            this.target = settings.iterations();
        }

        ChainRun<C> execute() {
            long start = System.nanoTime();
            boolean interrupted = false;
            Trace last = null; // the trace and diagnostics the last extension decision read, when the run ended there
            List<SummaryDiagnostic> lastDiagnostics = null;
            while (true) {
                interrupted |= round(start);
                if (failure.get() != null || cancellation.isCancelled() || target >= settings.maxIterations()) {
                    break;
                }
                last = trace();
                lastDiagnostics = Diagnostics.summarize(last);
                int next = RunExtension.next(settings, target, lastDiagnostics);
                if (next <= target) {
                    break;
                }
                last = null;
                target = next;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            Throwable t = failure.get();
            if (t instanceof OutOfMemoryError) {
                Arrays.fill(chainObjects, null); // let the chains go before anything else allocates
                for (int c = 0; c < chains; c++) {
                    traces.set(c, null);
                }
                throw new PlateException("the run needs more memory than the Java heap allows (at most "
                        + (Runtime.getRuntime().maxMemory() >> 20) + " MB): " + t.getMessage()
                        + "; use fewer chains or a smaller model, or give Java more heap (java -Xmx…)", t);
            }
            if (t != null) {
                if (t instanceof RuntimeException r) {
                    throw r;
                }
                if (t instanceof Error e) {
                    throw e;
                }
                throw new IllegalStateException("a chain failed: " + t, t);
            }
            report(start);
            return result(seconds, last, lastDiagnostics);
        }

        /**
         * Runs every chain on to {@link #target} on at most {@code settings.threads()} workers, reporting
         * progress meanwhile; true when the calling thread was interrupted (the run is then cancelled).
         */
        private boolean round(long start) {
            int cores = Runtime.getRuntime().availableProcessors();
            int threads = Math.min(chains, settings.threads() == 0 ? cores : settings.threads());
            CountDownLatch done = new CountDownLatch(threads);
            nextChain.set(0);
            for (int t = 0; t < threads; t++) {
                try {
                    pool.execute(() -> {
                        try {
                            work();
                        } finally {
                            done.countDown();
                        }
                    });
                } catch (RejectedExecutionException e) { // shut down meanwhile: stop what was started
                    fail(-1, new IllegalStateException("the chain runner has been shut down", e));
                    for (int left = t; left < threads; left++) {
                        done.countDown();
                    }
                    break;
                }
            }
            boolean interrupted = false;
            while (true) {
                try {
                    if (done.await(REPORT_INTERVAL_NANOS, TimeUnit.NANOSECONDS)) {
                        return interrupted;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                    cancellation.cancel("interrupted");
                    continue;
                }
                if (failure.get() == null) {
                    try {
                        report(start);
                    } catch (RuntimeException e) { // a listener broke its contract: stop the chains, then rethrow
                        fail(-1, e);
                    }
                }
            }
        }

        /** Worker loop: takes chain indices until none are left. */
        private void work() {
            int c;
            while ((c = nextChain.getAndIncrement()) < chains) {
                if (skip(c)) {
                    return;
                }
                try {
                    runChain(c);
                } catch (Throwable t) { // every failure is handed to the caller, who rethrows it
                    fail(c, t);
                    return;
                }
            }
        }

        /**
         * Records a failure of chain {@code c} ({@code -1}: of the run itself). The lowest-numbered chain's failure
         * is the one reported, and chains below it still start, so the message does not depend on thread timing.
         */
        private synchronized void fail(int c, Throwable t) {
            if (failure.get() == null || c < failedChain) {
                failedChain = c;
                failure.set(t);
            }
            abort = true;
        }

        /** Whether chain {@code c} need not start: a failure of the run or of a lower chain is already known. */
        private synchronized boolean skip(int c) {
            return abort && failedChain < c;
        }

        /** Runs chain {@code c} on to {@link #target}, creating it (or restoring it from its checkpoint) first. */
        private void runChain(int c) {
            ChainState<C> st = states[c];
            if (st == null) {
                st = start(c);
                states[c] = st;
            }
            C chain = st.chain;
            TraceBuffer trace = st.trace;
            UniformRandomProvider rng = st.rng;
            double[] row = st.row;
            int burnIn = settings.burnIn();
            int thin = settings.thin();
            int last = target;
            for (long it = st.next; it <= last; it++) {
                if (abort || cancellation.isCancelled()) {
                    break;
                }
                chain.sweep(rng);
                sweeps.lazySet(c, it);
                st.next = it + 1;
                if (it > burnIn && (it - burnIn - 1) % thin == 0) {
                    chain.summaries(row);
                    chain.keep(it);
                    trace.add(it, row);
                    if (wantLogJoint.compareAndSet(true, false)) {
                        logJoint = new LogJoint(row[0], c);
                    }
                } else if (wantLogJoint.compareAndSet(true, false)) { // computed on request, even during burn-in
                    chain.summaries(st.scratch);
                    logJoint = new LogJoint(st.scratch[0], c);
                }
                if (st.restorable != null && (it % checkpoints.every() == 0 || it == last)) {
                    checkpoints.save(c, it, rng, trace, st.restorable);
                }
            }
        }

        /** Creates chain {@code c} on its stream, checks its summaries and restores it from its checkpoint. */
        private ChainState<C> start(int c) {
            UniformRandomProvider rng = distributions.stream(settings.seed(), c);
            C chain = factory.create(c, rng);
            if (chain == null) {
                throw new IllegalStateException("the chain factory returned null for chain " + c);
            }
            chainObjects[c] = chain;
            List<String> summaryNames = List.copyOf(chain.summaryNames());
            if (summaryNames.isEmpty()) {
                throw new IllegalStateException("chain " + c + " reports no summaries (the first must be the log joint)");
            }
            if (!names.compareAndSet(null, summaryNames) && !names.get().equals(summaryNames)) {
                throw new IllegalStateException("chain " + c + " reports summaries " + summaryNames + ", another chain "
                        + names.get());
            }
            TraceBuffer trace = new TraceBuffer(summaryNames.size(), traceDraws);
            RestorableChain restorable = null;
            long first = 1;
            if (checkpoints != null) {
                if (!(chain instanceof RestorableChain r)) {
                    throw new PlateException("chain " + c + " (" + chain.getClass().getSimpleName() + ") cannot save"
                            + " its state, so this run cannot be checkpointed");
                }
                restorable = r;
                if (checkpoints.resumeFrom(c) != null) {
                    long done = checkpoints.restore(c, rng, trace, r);
                    resumed.set(c, done);
                    sweeps.set(c, done);
                    first = done + 1;
                }
            }
            traces.set(c, trace);
            return new ChainState<>(chain, rng, trace, restorable, first);
        }

        private void report(long start) {
            long total = 0;
            long before = 0;
            long slowest = Long.MAX_VALUE;
            for (int c = 0; c < chains; c++) {
                long s = sweeps.get(c);
                total += s;
                before += resumed.get(c);
                slowest = Math.min(slowest, s);
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            double rate = elapsed > 0 ? (total - before) / elapsed : Double.NaN;
            long remaining = (long) chains * target - total;
            double eta = total > 0 && rate > 0 ? remaining / rate : Double.NaN;
            LogJoint lj = logJoint;
            Progress p = new Progress(slowest, target, chains, rate, eta, lj.value(), progressRhat(), total, lj.chain());
            wantLogJoint.set(true);
            listener.progress(p);
        }

        /** Worst split R-hat over the summaries from the draws kept so far; NaN with one chain. */
        private double progressRhat() {
            List<String> summaryNames = names.get();
            if (chains < 2 || summaryNames == null) {
                return Double.NaN;
            }
            int n = Integer.MAX_VALUE;
            for (int c = 0; c < chains; c++) {
                TraceBuffer t = traces.get(c);
                n = Math.min(n, t == null ? 0 : t.size());
            }
            if (n < Diagnostics.MIN_DRAWS) {
                return Double.NaN;
            }
            int stride = Math.max(1, n / PROGRESS_RHAT_DRAWS);
            int len = n / stride;
            double worst = Double.NaN;
            double[][] series = new double[chains][];
            for (int s = 0; s < summaryNames.size(); s++) {
                for (int c = 0; c < chains; c++) {
                    series[c] = traces.get(c).series(s, len * stride, stride);
                }
                double r = Diagnostics.splitRhat(series);
                if (!Double.isNaN(r) && !(r <= worst)) {
                    worst = r;
                }
            }
            return worst;
        }

        /**
         * The run's result; {@code trace} and {@code diagnostics} are the chains' final ones when the last
         * extension decision read them, else null.
         */
        @SuppressWarnings("unchecked")
        private ChainRun<C> result(double seconds, Trace trace, List<SummaryDiagnostic> diagnostics) {
            List<C> list = new ArrayList<>(chains);
            // chains that never started (a cancelled run with fewer threads than chains) are created
            // here so that the result has every chain; they hold no draws
            for (int c = 0; c < chains; c++) {
                if (chainObjects[c] == null) {
                    UniformRandomProvider rng = distributions.stream(settings.seed(), c);
                    C chain = factory.create(c, rng);
                    chainObjects[c] = chain;
                    names.compareAndSet(null, List.copyOf(chain.summaryNames()));
                }
                list.add((C) chainObjects[c]);
            }
            long total = 0;
            boolean cut = false;
            for (int c = 0; c < chains; c++) {
                total += sweeps.get(c) - resumed.get(c); // this run's sweeps: a resumed run's rate is its own
                cut |= sweeps.get(c) < target;
            }
            Trace held = trace != null ? trace : trace();
            List<SummaryDiagnostic> summary = trace != null ? diagnostics : Diagnostics.summarize(held);
            return new ChainRun<>(list, held, summary, cut && cancellation.isCancelled(), seconds, total, target);
        }

        /** The summaries every chain has kept so far. */
        private Trace trace() {
            List<String> summaryNames = names.get();
            double[][][] v = new double[chains][][];
            long[][] its = new long[chains][];
            for (int c = 0; c < chains; c++) {
                TraceBuffer t = traces.get(c);
                v[c] = t == null ? new double[0][summaryNames.size()] : t.rows();
                its[c] = t == null ? new long[0] : t.iterations();
            }
            return new Trace(summaryNames, v, its);
        }
    }

    /**
     * The log joint of chain {@code chain}'s state after one of its sweeps. Any chain publishes it: with more chains
     * than threads, chain 0 finishes first, and its last value stood on the progress line while the others ran.
     */
    private record LogJoint(double value, int chain) {
        static final LogJoint NONE = new LogJoint(Double.NaN, -1);
    }

    /** A chain with what its worker needs to run it on in a later round. */
    private static final class ChainState<C extends Chain> {
        final C chain;
        final UniformRandomProvider rng;
        final TraceBuffer trace;
        final RestorableChain restorable; // null without checkpoints
        final double[] row;
        final double[] scratch;
        long next; // the next sweep's number

        ChainState(C chain, UniformRandomProvider rng, TraceBuffer trace, RestorableChain restorable, long next) {
            this.chain = chain;
            this.rng = rng;
            this.trace = trace;
            this.restorable = restorable;
            this.row = new double[trace.width()];
            this.scratch = new double[trace.width()];
            this.next = next;
        }
    }
}

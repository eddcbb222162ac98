package io.plate.mcmc;

import io.plate.api.BundleOrigin;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Table;
import io.plate.api.sample.Trace;
import io.plate.mcmc.impl.RunDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable {@link Posterior}: what a sampler's run produced. Built with {@link #builder}, usually
 * from a {@link ChainRun} ({@link Builder#run}); {@link #write} writes the run directory of the command-line
 * contract and {@link #read} reads one back; {@link #toString} is its {@link DiagnosticsTable}.
 */
public final class SamplerPosterior implements Posterior {
    private final String sampler;
    private final Map<String, String> params;
    private final RunSettings settings;
    private final String dataset;
    private final Trace trace;
    private final List<SummaryDiagnostic> diagnostics;
    private final Map<String, Table> tables;
    private final Map<String, Object> facts;
    private final boolean cancelled;
    private final Clustering clustering;
    private final io.plate.api.sample.ClusterPredictor clusterPredictor;
    private final double seconds;
    private final double sweepsPerSecond;
    private final BundleOrigin bundle;

    private SamplerPosterior(Builder b) {
        this.sampler = Objects.requireNonNull(b.sampler, "sampler");
        this.params = Collections.unmodifiableMap(new LinkedHashMap<>(b.params));
        this.settings = Objects.requireNonNull(b.settings, "settings");
        this.dataset = Objects.requireNonNull(b.dataset, "dataset");
        this.trace = Objects.requireNonNull(b.trace, "trace");
        this.diagnostics = List.copyOf(b.diagnostics != null ? b.diagnostics : Diagnostics.summarize(b.trace));
        this.tables = Collections.unmodifiableMap(new LinkedHashMap<>(b.tables));
        this.facts = Collections.unmodifiableMap(new LinkedHashMap<>(b.facts));
        this.cancelled = b.cancelled;
        this.clustering = b.clustering;
        this.clusterPredictor = b.clusterPredictor;
        this.seconds = b.seconds;
        this.sweepsPerSecond = b.sweepsPerSecond;
        this.bundle = Objects.requireNonNull(b.bundle, "bundle");
        for (String stem : tables.keySet()) {
            if (!RunDirectory.isTableName(stem)) {
                throw new IllegalArgumentException("invalid table name '" + stem + "'");
            }
        }
    }

    public static Builder builder(String sampler, String dataset) {
        return new Builder(sampler, dataset);
    }

    @Override
    public String sampler() {
        return sampler;
    }

    @Override
    public BundleOrigin bundle() {
        return bundle;
    }

    @Override
    public Map<String, String> params() {
        return params;
    }

    @Override
    public RunSettings settings() {
        return settings;
    }

    @Override
    public String dataset() {
        return dataset;
    }

    @Override
    public Trace trace() {
        return trace;
    }

    @Override
    public List<SummaryDiagnostic> diagnostics() {
        return diagnostics;
    }

    @Override
    public Map<String, Table> tables() {
        return tables;
    }

    @Override
    public Map<String, Object> facts() {
        return facts;
    }

    @Override
    public boolean cancelled() {
        return cancelled;
    }

    @Override
    public Optional<Clustering> clustering() {
        return Optional.ofNullable(clustering);
    }

    @Override
    public Optional<io.plate.api.sample.ClusterPredictor> clusterPredictor() {
        return Optional.ofNullable(clusterPredictor);
    }

    @Override
    public double seconds() {
        return seconds;
    }

    @Override
    public double sweepsPerSecond() {
        return sweepsPerSecond;
    }

    @Override
    public void write(Path dir) throws IOException {
        RunDirectory.write(this, dir);
    }

    /**
     * The run written as {@code dir} by {@link #write}, in this process or an earlier one: its trace,
     * settings, seed, timings, facts and tables, the diagnostics computed again from the trace, and a
     * mixture run's clustering.
     *
     * @throws io.plate.api.PlateException when {@code dir} is no run directory or one of its files is missing
     *         or malformed, naming the file and, where it applies, the line
     * @since 3.2.0
     */
    public static SamplerPosterior read(Path dir) throws IOException {
        return RunDirectory.read(dir);
    }

    /**
     * Refuses {@code dir} before a run when {@link #write} would refuse it after the run: a folder that exists
     * and holds files that are not a run's.
     *
     * @throws io.plate.api.PlateException naming the folder
     * @since 3.2.0
     */
    public static void checkRunDirectory(Path dir) {
        RunDirectory.checkReplaceable(dir);
    }

    @Override
    public String toString() {
        return DiagnosticsTable.render(this);
    }

    /** The fact saying how far an extensible run went, and why ({@link RunSettings#maxIterations()}). */
    public static final String EXTENSION = "extension";

    /**
     * The fact saying what the sampler leaves out of its data ({@link io.plate.api.text.IgnoredData}'s text,
     * "2 numeric columns (a, b) of the data …"), shown as "SAMPLER ignores …" under the run's first line.
     *
     * @since 3.3.0
     */
    public static final String IGNORES = "ignores";

    /**
     * The fact saying which columns the sampler models and which it leaves out, with how to include them (a
     * mixture's "clusters on 4 numeric columns (…); mixture.gaussian leaves out the label column 'class', …"),
     * shown under the run's first line by plate:sample and plate:cluster alike.
     *
     * @since 3.4.0
     */
    public static final String COLUMNS = "columns";

    /** What an extensible run did: stopped at its iterations, extended, or stopped at its maximum. */
    static String extension(RunSettings asked, int went) {
        // R-hat compares chains: one chain's goal is the effective sample size alone
        String goal = asked.chains() < 2
                ? String.format(Locale.ROOT, "every summary's bulk ESS ≥ %.0f (one chain: no R-hat)", asked.targetBulkEss())
                : String.format(Locale.ROOT, "every summary's R-hat ≤ %.2f and bulk ESS ≥ %.0f",
                        RunSettings.TARGET_RHAT, asked.targetBulkEss());
        if (went <= asked.iterations()) {
            return "not extended: " + goal + " at " + asked.iterations() + " iterations";
        }
        return "extended from " + asked.iterations() + " to " + went + " iterations"
                + (went >= asked.maxIterations() ? " (the most allowed, --max-iterations " + asked.maxIterations() + ")" : "")
                + " until " + goal;
    }

    /** Builds a {@link SamplerPosterior}. */
    public static final class Builder {
        private final String sampler;
        private final String dataset;
        private final Map<String, String> params = new LinkedHashMap<>();
        private RunSettings settings;
        private Trace trace;
        private List<SummaryDiagnostic> diagnostics;
        private final Map<String, Table> tables = new LinkedHashMap<>();
        private final Map<String, Object> facts = new LinkedHashMap<>();
        private boolean cancelled;
        private Clustering clustering;
        private io.plate.api.sample.ClusterPredictor clusterPredictor;
        private double seconds = Double.NaN;
        private double sweepsPerSecond = Double.NaN;
        private BundleOrigin bundle = BundleOrigin.NONE;

        private Builder(String sampler, String dataset) {
            this.sampler = sampler;
            this.dataset = dataset;
        }

        /**
         * Takes settings (their iterations as the run went, when it was extended), trace, diagnostics,
         * cancellation, seconds and sweeps per second from a run.
         */
        public Builder run(ChainRun<?> run, RunSettings runSettings) {
            this.settings = run.asRun(runSettings);
            if (runSettings.extensible() && !run.cancelled()) {
                facts.put(EXTENSION, extension(runSettings, this.settings.iterations()));
            }
            this.trace = run.trace();
            this.diagnostics = run.diagnostics();
            this.cancelled = run.cancelled();
            this.seconds = run.seconds();
            this.sweepsPerSecond = run.sweepsPerSecond();
            return this;
        }

        public Builder params(Map<String, String> p) {
            params.putAll(p);
            return this;
        }

        public Builder settings(RunSettings s) {
            this.settings = s;
            return this;
        }

        public Builder trace(Trace t) {
            this.trace = t;
            return this;
        }

        /** Diagnostics; when not given they are computed from the trace. */
        public Builder diagnostics(List<SummaryDiagnostic> d) {
            this.diagnostics = d;
            return this;
        }

        /** A table written as {@code STEM.csv}. */
        public Builder table(String stem, Table t) {
            tables.put(stem, Objects.requireNonNull(t, "table"));
            return this;
        }

        /** A fact for {@code summary.json}: a number, text, boolean, or a list or map of those. */
        public Builder fact(String name, Object value) {
            facts.put(name, value);
            return this;
        }

        /** The clustering of a mixture run. */
        public Builder clustering(Clustering c) {
            this.clustering = c;
            return this;
        }

        /** What assigns new rows to the clustering's clusters (kept in memory only, never written). Since 3.8.0. */
        public Builder clusterPredictor(io.plate.api.sample.ClusterPredictor p) {
            this.clusterPredictor = p;
            return this;
        }

        public Builder cancelled(boolean c) {
            this.cancelled = c;
            return this;
        }

        public Builder seconds(double s) {
            this.seconds = s;
            return this;
        }

        public Builder sweepsPerSecond(double s) {
            this.sweepsPerSecond = s;
            return this;
        }

        /** The bundle of the sampler that ran ({@link BundleOrigin#of} its class), for {@code summary.json}. Since 3.5.0. */
        public Builder bundle(BundleOrigin b) {
            this.bundle = Objects.requireNonNull(b, "bundle");
            return this;
        }

        public SamplerPosterior build() {
            return new SamplerPosterior(this);
        }
    }
}

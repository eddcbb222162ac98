package io.plate.sampler.mixture.impl;

import io.plate.api.HeapCheck;
import io.plate.api.BundleOrigin;
import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ChainFactory;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RestorableChain;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.SamplerPosterior;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The one mixture sampler service, configured by a {@link MixtureModel}: the common parameters (k,
 * alpha, initialisation, restarts, semi-supervised labels), the model's shared data built once per run,
 * a chain per stream on the {@link ChainRunner} over fresh components, and the {@link Posterior} with
 * the label-invariant tables of {@link MixtureSummary}. This class runs a finite mixture with
 * {@link FiniteMixtureChain}; {@link DirichletProcessSampler} runs the DP one. The registered services
 * are thin subclasses that name a model.
 *
 * @param <D> the model's read-only data, shared by all chains of a run
 */
abstract class MixtureSampler<D> implements Sampler {
    static final String K = "k";
    static final String ALPHA = "alpha";
    static final String INIT = "init";
    static final String RESTARTS = "restarts";
    static final String RESTART_SWEEPS = "restart_sweeps";
    static final String SEMI_SUPERVISED = "semi_supervised";
    static final String LOSS = "loss";
    static final String SPLIT_MERGE = "split_merge";
    static final String LAUNCH_SCANS = "launch_scans";
    static final String COLLAPSED = "collapsed";

    protected final ChainRunner runner;
    protected final Distributions distributions;
    protected final MixtureModel<D> model;
    private final String name;
    private final String description;

    MixtureSampler(String name, String description, MixtureModel<D> model, ChainRunner runner,
            Distributions distributions) {
        this.name = Objects.requireNonNull(name, "name");
        this.description = Objects.requireNonNull(description, "description");
        this.model = Objects.requireNonNull(model, "model");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.distributions = Objects.requireNonNull(distributions, "distributions");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    /** The common parameters of a finite mixture, then the model's. */
    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> p = finiteParameters("2", defaultRestarts());
        p.addAll(model.parameters());
        return p;
    }

    /**
     * The given parameters checked, under scikit-learn's names too ({@link #aliases}), as nb.gaussian takes
     * GaussianNB's {@code priors}; the run records them under Plate's names.
     */
    @Override
    public Params params(Map<String, String> given) {
        return parse(given);
    }

    /** {@code given} checked against {@link #parameters()} and {@link #aliases()}, defaults filled in. */
    final Params parse(Map<String, String> given) {
        return Params.parse(parameters(), aliases(), given);
    }

    /**
     * scikit-learn's names of this sampler's parameters: GaussianMixture's {@code n_init} (restarts: the best of
     * that many starts is kept) and {@code covariance_type} (covariance, full or diag); for a finite mixture also
     * its {@code n_components} and KMeans' {@code n_clusters} (k). A DP mixture's k is where it starts, not
     * BayesianGaussianMixture's {@code n_components} (a bound), so that name is not taken there.
     */
    Map<String, String> aliases() {
        Map<String, String> a = new java.util.LinkedHashMap<>();
        List<String> names = parameters().stream().map(ParamSpec::name).toList();
        if (!isDirichletProcess()) {
            a.put("n_components", K);
            a.put("n_clusters", K);
        }
        a.put("n_init", RESTARTS);
        if (names.contains(GaussianPriors.COVARIANCE)) {
            a.put("covariance_type", GaussianPriors.COVARIANCE);
        }
        return a;
    }

    /** The default of {@code restarts} for this finite mixture: 1, unless a study showed more to pay. */
    String defaultRestarts() {
        return "1";
    }

    /** Parameters every finite mixture takes (one initialisation per chain by default). */
    static List<ParamSpec> finiteParameters(String defaultK) {
        return finiteParameters(defaultK, "1");
    }

    private static List<ParamSpec> finiteParameters(String defaultK, String restarts) {
        List<ParamSpec> p = new ArrayList<>();
        p.add(ParamSpec.integer(K, defaultK, 1, 100_000, "number of clusters"));
        p.add(ParamSpec.positive(ALPHA, "1.0", "symmetric Dirichlet concentration of the mixing weights"));
        p.addAll(moveParameters("1"));
        p.addAll(startParameters(restarts));
        return p;
    }

    /** Parameters of a Dirichlet-process mixture. */
    static List<ParamSpec> dpParameters() {
        List<ParamSpec> p = new ArrayList<>();
        p.add(ParamSpec.integer(K, "1", 1, 100_000, "number of clusters to start from"));
        p.add(ParamSpec.positive(ALPHA, "1.0", "starting value of the DP concentration (then resampled)"));
        p.add(ParamSpec.positive("alpha_shape", "1.0", "shape a of the Gamma(a, b) prior on the concentration"));
        p.add(ParamSpec.positive("alpha_rate", "1.0", "rate b of the Gamma(a, b) prior on the concentration"));
        p.addAll(moveParameters("5"));
        p.addAll(startParameters("1"));
        return p;
    }

    private static List<ParamSpec> moveParameters(String proposals) {
        return List.of(
                ParamSpec.integer(SPLIT_MERGE, proposals, 0, 1_000_000,
                        "Jain-Neal split-merge proposals per sweep (on the collapsed marginal p(z|x), also for collapsed=false)"),
                ParamSpec.integer(LAUNCH_SCANS, "3", 0, 1000,
                        "restricted Gibbs scans that build a split-merge launch state"));
    }

    /** A collapsed finite chain with the run's split–merge settings. */
    FiniteMixtureChain finiteChain(Components c, Params params, ChainSettings settings, UniformRandomProvider rng) {
        return new FiniteMixtureChain(c, params.getDouble(ALPHA), params.getInt(SPLIT_MERGE), params.getInt(LAUNCH_SCANS),
                settings, distributions, rng);
    }

    private static List<ParamSpec> startParameters(String restarts) {
        return List.of(
                ParamSpec.choice(INIT, "kmeans++", List.of("kmeans++", "random"),
                        "first partition: k-means++ seeding or uniform at random"),
                ParamSpec.integer(RESTARTS, restarts, 1, 1000,
                        "initialisations per chain; the best log joint after restart_sweeps sweeps is kept"),
                ParamSpec.integer(RESTART_SWEEPS, "10", 0, 100_000, "sweeps run on each restart before comparing"),
                ParamSpec.bool(SEMI_SUPERVISED, "false",
                        "rows with a label stay in their class's cluster; unlabelled rows are clustered"),
                ParamSpec.choice(LOSS, "vi", List.of("vi", "binder"),
                        "the reported partition minimises the posterior expected variation of information (vi)"
                                + " or Binder loss"));
    }

    /**
     * Makes one chain over the shared data; called once per chain on the chain's own thread and stream.
     * A collapsed finite chain over the model's components unless a subclass runs another.
     */
    MixtureChain chain(D shared, Params params, ChainSettings settings, UniformRandomProvider rng) {
        return finiteChain(model.components().apply(shared, params), params, settings, rng);
    }

    /**
     * Bytes a chain allocates per cluster slot: its components' statistics and whatever else it keeps
     * per cluster (weights, and per row and cluster for samplers that keep such tables).
     */
    long bytesPerCluster(D shared, Params params) {
        return model.components().apply(shared, params).bytesPerSlot() + 8; // and a count
    }

    /** Cluster slots a chain allocates at its start for {@code k}. */
    int startSlots(int k) {
        return k;
    }

    /**
     * Refuses a run whose chains would not fit in the heap, before they allocate: every chain lives until
     * the run ends, so the need is chains × (slots × bytes per cluster + per-row state and stored
     * partitions).
     */
    private void checkMemory(Dataset data, Params params, RunSettings settings, D shared, int k) {
        long perCluster = bytesPerCluster(shared, params);
        long slots = startSlots(k);
        // the partitions of the draws the run may go to, at most what the recorder holds
        long stored = (long) data.rows() * Math.min(Math.max(1, settings.withIterations(settings.maxIterations())
                .keptPerChain()), DrawRecorder.capacity(data.rows()));
        long perChain = slots * perCluster + 16L * data.rows() + 4 * stored;
        HeapCheck.require(perChain * settings.chains(), String.format(java.util.Locale.ROOT, "%s k=%d on '%s'", name, k,
                data.name()), String.format(java.util.Locale.ROOT, "%d chains × %s: %d clusters × %s each, and the rows'"
                        + " state", settings.chains(), HeapCheck.bytes(perChain), slots, HeapCheck.bytes(perCluster)),
                ", or lower k, or run fewer chains");
    }

    @Override
    public Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
            Cancellation cancellation) {
        return run(data, params, settings, listener, cancellation, null);
    }

    /**
     * The predictor of a run of this sampler read back from its directory: its partitions (partitions.csv), its
     * estimate (assignments.csv) and its parameters, with {@code training}, which must have the run's rows and
     * the columns it clustered on (as summary.json's {@code columns} fact names them).
     */
    @Override
    public java.util.Optional<io.plate.api.sample.ClusterPredictor> clusterPredictor(Posterior run, Dataset training) {
        io.plate.api.sample.Table table = run.tables().get(MixturePredictor.TABLE);
        Clustering clustering = run.clustering().orElse(null);
        if (!run.sampler().equals(name()) || table == null || clustering == null) {
            return java.util.Optional.empty();
        }
        Params params = params(run.params());
        int[] estimate = clustering.assignments();
        String other = "dataset '" + training.name() + "' is not the data the run was sampled on ('" + run.dataset()
                + "'): ";
        if (training.rows() != estimate.length) {
            throw new PlateException(other + "it has " + training.rows() + " rows, the run " + estimate.length
                    + "; import the run's data as it was imported then");
        }
        String columns = ClusteredColumns.describe(training, model.kind(), name(), fixedLabels(training, params) != null);
        Object ran = run.facts().get(SamplerPosterior.COLUMNS);
        if (ran != null && !ran.toString().equals(columns)) {
            throw new PlateException(other + "the run " + ran + ", where '" + training.name() + "' " + columns);
        }
        D shared;
        try {
            shared = model.prepare().apply(training, params);
        } catch (IllegalArgumentException e) {
            throw new PlateException(name() + ": " + e.getMessage(), e);
        }
        // the same rows and columns with other values (counts imported with --binary, say): the estimate's marginal differs
        if (run.facts().get(ESTIMATE_LOG_MARGINAL) instanceof Number then) {
            double now = estimateLogMarginal(shared, params, estimate);
            if (!(Math.abs(now - then.doubleValue()) <= 1e-9 * Math.max(1, Math.abs(then.doubleValue())))) {
                throw new PlateException(other + "its values differ from the run's (the log marginal likelihood of the"
                        + " run's clusters is " + now + " on them, " + then + " on the run's data); import the run's data"
                        + " as it was imported then");
            }
        }
        return java.util.Optional.of(new MixturePredictor<>(model, shared, params,
                MixturePredictor.draws(table, estimate.length), isDirichletProcess() ? 0 : params.getInt(K), estimate));
    }

    /**
     * The fact of a run: log p(x | ẑ), the marginal likelihood of the data given the estimate's clusters, parameters
     * integrated out; the data a run directory is read back with must give it again.
     */
    static final String ESTIMATE_LOG_MARGINAL = "estimate_log_marginal";

    /** log p(x | z) of {@code data} under the partition {@code z}: the sum of its clusters' log marginals. */
    private double estimateLogMarginal(D data, Params params, int[] z) {
        Components comp = model.components().apply(data, params);
        int k = ExpectedLoss.labels(z);
        comp.ensureCapacity(k);
        comp.fill(z);
        double sum = 0;
        for (int j = 0; j < k; j++) {
            sum += comp.logMarginal(j);
        }
        return sum;
    }

    /** Why a run of these parameters cannot be checkpointed, and what can. */
    private String notCheckpointed(Params params) {
        return name() + ": " + (params.asMap().containsKey("collapsed")
                ? "the collapsed chain (collapsed=" + params.getString("collapsed") + ") cannot save its state;"
                        + " add collapsed=false to run the uncollapsed chain, which can be checkpointed"
                : "its chains cannot save their state; only the uncollapsed chains of mixture.gaussian and"
                        + " mixture.multinomial (collapsed=false) can be checkpointed");
    }

    /**
     * The run with its chains checkpointed or resumed ({@code checkpoints}, null: none). The checkpoints
     * carry the sampler's name, every parameter and the data's size, so that the checkpoints of another
     * sampler, other parameters or other data are refused; only the uncollapsed chains can save their state.
     */
    @Override
    public Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
            Cancellation cancellation, Checkpoints checkpoints) {
        if (data.rows() < 2) {
            throw new PlateException("dataset '" + data.name() + "' has " + io.plate.api.text.Plural.of(data.rows(), "row")
                    + "; a mixture needs at least 2");
        }
        int[] fixed = fixedLabels(data, params);
        int k = params.getInt(K);
        if (k > data.rows()) { // more clusters than rows (to end with, or for a DP to start from) leaves some empty
            throw new PlateException("parameter '" + K + "' = '" + params.getString(K) + "': must be <= the number of rows,"
                    + " " + data.rows() + " in '" + data.name() + "'");
        }
        Cancellation cancel = cancellation == null ? new Cancellation() : cancellation;
        ChainSettings base = new ChainSettings(k, Initialisation.parse(params.getString(INIT)),
                params.getInt(RESTARTS), params.getInt(RESTART_SWEEPS), fixed)
                .stoppedBy(cancel::isCancelled);
        if (fixed != null && !isDirichletProcess() && base.fixedClusters() > k) {
            throw new PlateException("semi_supervised: the labels have " + base.fixedClusters()
                    + " classes but k = " + k + "; use k >= " + base.fixedClusters());
        }
        D shared;
        try {
            shared = model.prepare().apply(data, params); // read once; the chains only read it
        } catch (IllegalArgumentException e) { // a prior the data cannot carry, before any chain starts
            throw new PlateException(name() + ": " + e.getMessage(), e);
        }
        checkMemory(data, params, settings, shared, k);
        ChainFactory<MixtureChain> factory = (index, rng) -> {
            MixtureChain chain = chain(shared, params, base, rng);
            if (checkpoints != null && !(chain instanceof RestorableChain)) {
                throw new PlateException(notCheckpointed(params));
            }
            return chain;
        };
        ChainRun<MixtureChain> run;
        try {
            run = runner.run(factory, settings, listener == null ? ProgressListener.NONE : listener,
                    cancel, checkpoints == null ? null : checkpoints.describing(name, data, params));
        } catch (IllegalArgumentException | SingularMatrixException e) {
            throw new PlateException(name() + ": " + e.getMessage(), e);
        }
        SamplerPosterior.Builder out = SamplerPosterior.builder(name(), data.name()).params(params.asMap())
                .run(run, settings).bundle(BundleOrigin.of(getClass()));
        out.fact(SamplerPosterior.COLUMNS, ClusteredColumns.describe(data, model.kind(), name(), fixed != null));
        Clustering clustering = MixtureSummary.addTo(out, run.chains(), data, fixed,
                Clustering.Loss.parse(params.getString(LOSS)), distributions.stream(settings.seed(), settings.chains()));
        out.clustering(clustering);
        if (clustering != null) { // new rows are assigned to its clusters from the stored draws, kept in its directory too
            MixturePredictor<D> predictor = MixturePredictor.of(model, shared, params, run.chains(), isDirichletProcess(),
                    clustering.assignments());
            out.clusterPredictor(predictor).table(MixturePredictor.TABLE, predictor.table())
                    .fact(ESTIMATE_LOG_MARGINAL, estimateLogMarginal(shared, params, clustering.assignments()));
        }
        double sum = 0;
        int moving = 0;
        for (MixtureChain c : run.chains()) {
            double a = c.splitMergeAcceptance();
            if (!Double.isNaN(a)) {
                sum += a;
                moving++;
            }
        }
        if (moving > 0) {
            out.fact("split_merge_acceptance", sum / moving);
        }
        return out.build();
    }

    /**
     * The parameters of a sampler whose uncollapsed chains run their z-step blocks on a {@link BlockRunner}
     * (Plate on Spark): there the collapsed chain, which runs on one machine only, is refused, naming
     * the parameter that picks the uncollapsed one.
     */
    Params paramsOnBlocks(Map<String, String> given) {
        Params p = parse(given);
        if (p.getBoolean(COLLAPSED)) {
            throw collapsedOnBlocks(given.containsKey(COLLAPSED));
        }
        return p;
    }

    /** The one-line refusal of the collapsed chain on a {@link BlockRunner}; {@code said}: the user asked for it. */
    PlateException collapsedOnBlocks(boolean said) {
        return new PlateException(name + ": " + (said ? "collapsed=true" : "the collapsed chain (collapsed=true, the default)")
                + " runs on one machine only; add collapsed=false to run the uncollapsed chain with its blocks on Spark");
    }

    boolean isDirichletProcess() {
        return false;
    }

    /** Fixed cluster of each row for a semi-supervised run (its class code, −1 when unlabelled), else null. */
    static int[] fixedLabels(Dataset data, Params params) {
        if (!params.getBoolean(SEMI_SUPERVISED)) {
            return null;
        }
        CategoricalColumn labels = data.labels().orElseThrow(() -> new PlateException("semi_supervised=true but "
                + "dataset '" + data.name() + "' has no label column"));
        return labels.codes();
    }
}

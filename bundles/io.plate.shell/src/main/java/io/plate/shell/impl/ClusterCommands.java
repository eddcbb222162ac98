package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.ClusteringFiles;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.Sampler;
import io.plate.api.sample.Table;
import io.plate.api.text.TextTable;
import io.plate.mcmc.DiagnosticsTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Clustering from the shell: {@code plate:cluster SAMPLER DATASET [key=value …]} runs a mixture sampler
 * ({@code mixture.*}, found by its {@code plate.sampler} name), keeps the run in the {@link Workspace},
 * writes the run directory on request and prints what a person needs to judge it: R-hat and ESS of the
 * label-invariant summaries, the clusters of the point estimate (the partition that minimises the
 * posterior expected loss, a typed {@link Clustering}), the highest-log-joint draw, the posterior of
 * the number of clusters, and the adjusted Rand index and NMI when the dataset has labels. Samplers are
 * a dynamic, greedy, multiple reference; Ctrl-C stops the chains at the next sweep and keeps the draws.
 * {@code --checkpoint DIR} saves the chains every {@code --checkpoint-every} sweeps (chains that can: the
 * uncollapsed ones), and {@code --resume DIR} continues such a run as if it had not stopped.
 */
@Component(service = ClusterCommands.class)
@PlateCommand({"cluster"})
public final class ClusterCommands {
    /** Prefix of the sampler names that cluster. */
    static final String MIXTURE_PREFIX = "mixture.";
    /** Clusters listed in the printed summary; the run directory has them all. */
    static final int SHOWN_CLUSTERS = 20;


    private final Workspace workspace;
    private final ShellDefaults defaults;
    /** The installed learners: a learner's name given here is answered with the command that runs it. */
    private final Learners learners;
    private final BoundSamplers samplers = new BoundSamplers();

    @Activate
    public ClusterCommands(@Reference Workspace workspace, @Reference ShellDefaults defaults, @Reference Learners learners) {
        this.workspace = workspace;
        this.defaults = defaults;
        this.learners = learners;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "removeSampler")
    void addSampler(Sampler s, Map<String, Object> props) {
        samplers.bind(s, props);
    }

    void removeSampler(Sampler s, Map<String, Object> props) {
        samplers.unbind(s);
    }

    /** Stops the runs in progress (they keep their draws) and waits for their commands to return. */
    @Deactivate
    void deactivate() {
        samplers.stopAll();
    }

    /** For tests and embedding: commands over fixed samplers. */
    static ClusterCommands of(Workspace workspace, ShellDefaults defaults, List<Sampler> fixed) {
        return of(workspace, defaults, fixed, Learners.of(List.of()));
    }

    /** For tests and embedding: commands over fixed samplers, with these learners installed beside them. */
    static ClusterCommands of(Workspace workspace, ShellDefaults defaults, List<Sampler> fixed, Learners learners) {
        ClusterCommands c = new ClusterCommands(workspace, defaults, learners);
        c.samplers.fix(fixed);
        return c;
    }

    /** The installed mixture sampler {@code name} (plate:predict rebuilds a run directory's predictor with it). */
    Sampler sampler(String name) {
        return samplers.find(name, MIXTURE_PREFIX, "mixture sampler");
    }

    /** Whether a sampler of any kind is installed under {@code name}. */
    private boolean isSampler(String name) {
        try {
            samplers.find(name, "", "sampler");
            return true;
        } catch (PlateException e) {
            return false;
        }
    }

    @Descriptor("cluster a dataset with a mixture sampler; prints diagnostics, the clusters of the point estimate"
            + " (minimum posterior expected VI, or Binder with loss=binder), the posterior of the number of clusters"
            + " and ARI/NMI against the labels, and keeps the run under --name (default DATASET.SAMPLER)")
    public ClusterResult cluster(CommandSession session,
            @Descriptor("sweeps per chain, burn-in included (default: plate:config); given, the run has exactly these")
            @Parameter(names = {"-i", "--iterations"}, absentValue = "") String iterations,
            @Descriptor("go on past the iterations, to at most this many, while a summary's R-hat is above 1.01 or its"
                    + " bulk ESS below 400 (default without --iterations: plate:config max.iterations, 8000)")
            @Parameter(names = {"--max-iterations"}, absentValue = "") String maxIterations,
            @Descriptor("sweeps discarded at the start of each chain")
            @Parameter(names = {"-b", "--burn-in"}, absentValue = "") String burnIn,
            @Descriptor("keep every T-th sweep after burn-in")
            @Parameter(names = {"-t", "--thin"}, absentValue = "") String thin,
            @Descriptor("number of chains, run in parallel")
            @Parameter(names = {"-c", "--chains"}, absentValue = "") String chains,
            @Descriptor("root seed; chain c uses stream c of it")
            @Parameter(names = {"-s", "--seed"}, absentValue = "") String seed,
            @Descriptor("write the run directory (assignments.csv, assignments-highest-log-joint.csv, clusters.csv,"
                    + " k_posterior.csv, partitions.csv for plate:predict, trace.csv, summary.json …) here")
            @Parameter(names = {"-o", "--out"}, absentValue = "") String out,
            @Descriptor("name to keep the run under (see plate:trace)")
            @Parameter(names = {"-n", "--name"}, absentValue = "") String name,
            @Descriptor("save every chain's state in this folder every --checkpoint-every sweeps and after its last"
                    + " (uncollapsed chains), so that --resume can continue the run")
            @Parameter(names = {"--checkpoint"}, absentValue = "") String checkpoint,
            @Descriptor(SamplerRuns.CHECKPOINT_EVERY_HELP)
            @Parameter(names = {"--checkpoint-every"}, absentValue = "") String checkpointEvery,
            @Descriptor(SamplerRuns.RESUME_HELP)
            @Parameter(names = {"--resume"}, absentValue = "") String resume,
            @Descriptor("mixture sampler, e.g. mixture.gaussian or mixture.dp-multinomial (see plate:samplers)")
            String sampler,
            @Descriptor("name of a loaded dataset") String dataset,
            @Descriptor("sampler parameters as key=value, e.g. k=3 covariance=diag (plate:params SAMPLER lists them)") String... params)
            throws IOException {
        if (!sampler.startsWith(MIXTURE_PREFIX)) {
            PlateException learner = learners.notASampler(sampler);
            if (learner != null) {
                throw learner;
            }
            boolean other = isSampler(sampler);
            throw new PlateException("'" + sampler + "' is not a mixture sampler; plate:cluster runs mixture.* samplers"
                    + (other ? " (plate:sample runs " + sampler + ")" : " (plate:samplers lists them)"));
        }
        SamplerRuns.Outcome o = SamplerRuns.runAndKeep(session, sampler(sampler), sampler, dataset, params,
                new SamplerRuns.Options(iterations, maxIterations, burnIn, thin, chains, seed, out, name,
                        SamplerRuns.checkpoints(defaults, checkpoint, checkpointEvery, resume)), workspace, defaults,
                samplers);
        return o.report(new ClusterResult(o.kept(), o.posterior(), o.dir(), o.stopped()));
    }

    /** What {@code plate:cluster} returns: the kept run with a reading of its clusters. */
    public static final class ClusterResult {
        private final String name;
        private final Posterior posterior;
        private final Path written;
        private final String stopped;

        ClusterResult(String name, Posterior posterior, Path written, String stopped) {
            this.name = name;
            this.posterior = posterior;
            this.written = written;
            this.stopped = stopped;
        }

        public String name() {
            return name;
        }

        public Posterior posterior() {
            return posterior;
        }

        /** The run's clustering (point estimate, highest-log-joint draw, k posterior), when it kept draws. */
        public Optional<Clustering> clustering() {
            return posterior.clustering();
        }

        /** The run directory, or null when none was written. */
        public Path written() {
            return written;
        }

        /** Adjusted Rand index of the point estimate against the labels, or NaN without labels. */
        public double ari() {
            return agreement().map(Clustering.Agreement::ari).orElse(Double.NaN);
        }

        /** Normalised mutual information of the point estimate against the labels, or NaN without labels. */
        public double nmi() {
            return agreement().map(Clustering.Agreement::nmi).orElse(Double.NaN);
        }

        /**
         * Cluster sizes of the point estimate, largest first: a list, which {@code echo ($r sizes)} prints as
         * {@code [121 97 82]} (an int[] printed as {@code [I@5a4dcc09}) and {@code $r sizes} one size a line.
         */
        public List<Integer> sizes() {
            return java.util.Arrays.stream(clustering().map(Clustering::sizes).orElse(new int[0])).boxed().toList();
        }

        private Optional<Clustering.Agreement> agreement() {
            return clustering().flatMap(Clustering::agreement);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(DiagnosticsTable.render(posterior)).append("\n\n");
            Clustering c = clustering().orElse(null);
            if (c == null) {
                b.append("no draws kept: no clustering\n");
            } else {
                render(b, c);
            }
            b.append(SamplerRuns.Outcome.keptLine(name, posterior, written));
            return b.append('\n').append(SamplerRuns.Outcome.stoppedLine(name, stopped)).toString();
        }

        /** The top_words cell of each cluster of the run's clusters table, in order; null when it has none. */
        private List<String> topWords(Clustering c) {
            Table cl = posterior.tables().get(ClusteringFiles.CLUSTERS);
            int column = cl == null ? -1 : cl.header().indexOf(ClusteringFiles.TOP_WORDS);
            if (column < 0 || cl.rows().size() != c.clusters().size()) {
                return null;
            }
            List<String> words = new ArrayList<>();
            for (List<String> row : cl.rows()) {
                words.add(row.get(column));
            }
            return words;
        }

        private void render(StringBuilder b, Clustering c) {
            b.append(String.format(Locale.ROOT, "point estimate (minimises the posterior expected %s loss, %s %s):%n",
                    c.loss() == Clustering.Loss.VI ? "variation-of-information" : "Binder",
                    c.loss() == Clustering.Loss.VI ? "expected VI" : "expected pairs wrong",
                    fmt(c.expectedLoss(), "%.4g")));
            boolean fixed = c.clusters().stream().anyMatch(k -> k.fixedClass().isPresent());
            boolean labelled = c.agreement().isPresent();
            List<String> head = new ArrayList<>(List.of("cluster", "size", "proportion", "confidence"));
            if (fixed) {
                head.add("class");
            }
            if (labelled) {
                head.add("majority_label");
                head.add("purity");
            }
            // a text mixture's clusters end with their most probable words, last so the table cuts them to
            // the terminal's width (every word is in clusters.csv)
            List<String> words = topWords(c);
            if (words != null) {
                head.add(ClusteringFiles.TOP_WORDS);
            }
            TextTable t = new TextTable(head.toArray(new String[0]));
            for (int i = 0; i < Math.min(SHOWN_CLUSTERS, c.clusters().size()); i++) {
                Clustering.Cluster k = c.clusters().get(i);
                List<Object> cells = new ArrayList<>(List.of(i, k.size(), fmt(k.proportion(), "%.4f"),
                        fmt(k.confidence(), "%.3f")));
                if (fixed) {
                    cells.add(k.fixedClass().orElse(""));
                }
                if (labelled) {
                    cells.add(k.majorityLabel().orElse(""));
                    cells.add(fmt(k.purity(), "%.4f"));
                }
                if (words != null) {
                    cells.add(words.get(i));
                }
                t.row(cells.toArray());
            }
            b.append(t);
            if (c.clusters().size() > SHOWN_CLUSTERS) {
                int more = c.clusters().size() - SHOWN_CLUSTERS;
                // name the file only when one was written
                b.append(written != null ? "… " + more + " more in " + written.resolve("clusters.csv") + "\n"
                        : "… " + more + " more clusters (--out DIR writes every cluster to DIR/clusters.csv)\n");
            }
            // a chain past its stored partitions' budget thinned them: the estimate is from fewer draws than kept
            if (posterior.facts().get("estimate_draws") instanceof String fewer) {
                b.append(fewer).append('\n');
            }
            b.append(String.format(Locale.ROOT, "highest-log-joint draw (log joint %s): %s%n",
                    fmt(c.highestLogJoint(), "%.2f"), io.plate.api.text.Plural.of(c.highestLogJointClusters(), "cluster")));
            b.append("posterior of the number of clusters:");
            c.kPosterior().forEach((k, p) -> b.append(' ').append(k).append(": ").append(fmt(p, "%.3f")));
            b.append('\n');
            explainClusterCount(b, c, DiagnosticsTable.chainsApart(posterior));
            c.credibleBall().ifPresent(ball -> describeBall(b, c.loss(), ball, written));
            if (posterior.facts().get("split_merge_acceptance") instanceof Number sm) {
                b.append(String.format(Locale.ROOT, "split-merge acceptance %.3f%n", sm.doubleValue()));
            }
            c.agreement().ifPresent(a -> b.append(String.format(Locale.ROOT,
                    "against the labels: ARI %.4f, NMI %.4f (highest-log-joint draw ARI %.4f; posterior mean ARI %.4f,"
                            + " NMI %.4f)%n", a.ari(), a.nmi(), a.ariHighestLogJoint(), a.ariPosteriorMean(),
                    a.nmiPosteriorMean())));
            // a semi-supervised run says why it has no agreement (its labelled rows were held in their classes)
            if (c.agreement().isEmpty() && posterior.facts().get("agreement") instanceof String why) {
                b.append(why).append('\n');
            }
        }

        /**
         * Says why the estimate's number of clusters is not the one most draws have: chains that disagree
         * (each in its own partition, as two moons cut by two Gaussians), or, in agreeing chains, a small
         * cluster whose rows change from draw to draw, which VI leaves out (scikit-learn's make_blobs).
         */
        private static void explainClusterCount(StringBuilder b, Clustering c, boolean chainsApart) {
            int shown = c.clusters().size();
            int fewest = c.kPosterior().keySet().stream().mapToInt(Integer::intValue).min().orElse(shown);
            int most = c.kPosterior().keySet().stream().mapToInt(Integer::intValue).max().orElse(shown);
            if (shown < fewest || shown > most) { // no draw has as many (or as few) clusters as the estimate
                // more: the rows the chains place differently end in clusters of their own; fewer: they are merged
                String apart = shown > most ? "end in small clusters of" : "are merged into fewer, larger clusters in";
                b.append(String.format(Locale.ROOT, "the estimate has %s, %s than any draw (%s): %s%n",
                        io.plate.api.text.Plural.of(shown, "cluster"), shown > most ? "more" : "fewer",
                        fewest == most ? "every draw has " + most : fewest + "-" + most, chainsApart
                                ? "the chains disagree (R-hat above " + DiagnosticsTable.APART_RHAT + ") and the rows"
                                        + " they place differently " + apart + " the partition nearest to all"
                                        + " draws pooled; run longer (--max-iterations N) or restarts=N"
                                : "the partition with the least expected loss to all draws, which place many rows"
                                        + " differently from one another"));
                return;
            }
            c.kPosterior().entrySet().stream().max(Map.Entry.comparingByValue()).ifPresent(mode -> {
                if (mode.getKey() != shown && mode.getValue() >= 0.5) {
                    boolean merged = c.loss() == Clustering.Loss.VI && shown < mode.getKey();
                    String why = chainsApart
                            ? "the chains disagree (R-hat above " + DiagnosticsTable.APART_RHAT + "), each holding its"
                                    + " own partition, and the estimate is the one nearest to all of them pooled; the"
                                    + " highest-log-joint draw is one chain's answer (restarts=N starts each chain"
                                    + " from the best of N initialisations)"
                            : merged ? "the VI loss merges a cluster whose rows change from draw to draw"
                                    + " (loss=binder tends to keep more clusters)"
                            : "the estimate is the partition with the least expected loss to all draws,"
                                    + " not the draws' most common number of clusters";
                    b.append(String.format(Locale.ROOT, "the estimate has %s where most draws (%.3f) have %d: %s%n",
                            io.plate.api.text.Plural.of(shown, "cluster"), mode.getValue(), mode.getKey(), why));
                }
            });
        }

        /** One line: the credible ball's level and radius, the clusters of its draws, its three bounds. */
        private static void describeBall(StringBuilder b, Clustering.Loss loss, Clustering.CredibleBall ball,
                Path written) {
            String f = loss == Clustering.Loss.VI ? "%.3f" : "%.0f";
            int fewest = ball.upper().clusters();
            int most = ball.lower().clusters();
            b.append(String.format(Locale.ROOT, "%.0f%% credible ball (%s radius %s): %s clusters; bounds %d clusters"
                            + " at %s (farthest), %d at %s (fewest), %d at %s (most)%s%n",
                    100 * ball.level(), loss == Clustering.Loss.VI ? "VI" : "Binder",
                    fmt(ball.radius(), f) + (loss == Clustering.Loss.VI ? "" : " row pairs"),
                    fewest == most ? Integer.toString(fewest) : fewest + "-" + most,
                    ball.horizontal().clusters(), fmt(ball.horizontal().distance(), f),
                    fewest, fmt(ball.upper().distance(), f), most, fmt(ball.lower().distance(), f),
                    written == null ? "" : " in " + written.resolve(ClusteringFiles.CREDIBLE_BALL_PREFIX + "*.csv")));
        }

        private static String fmt(double v, String f) {
            return Double.isFinite(v) ? String.format(Locale.ROOT, f, v) : "NaN";
        }
    }
}

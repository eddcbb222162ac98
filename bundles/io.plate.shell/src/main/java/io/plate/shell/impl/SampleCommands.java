package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.Sampler;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Trace;
import io.plate.api.text.TextTable;
import io.plate.mcmc.DiagnosticsTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * Posterior sampling from the shell: {@code plate:sample} runs a {@link Sampler} found by its
 * {@code plate.sampler} name, keeps the {@link Posterior} in the {@link Workspace} and writes the run
 * directory on request; {@code plate:trace} shows the trace summary of a kept run or a run directory. Samplers are a dynamic,
 * greedy, multiple reference: a sampler bundle installed while the shell runs is usable at the next
 * command, and a better-ranked provider of the same name wins. Ctrl-C (an interrupt of the command's
 * thread) stops the chains at their next sweep and keeps what they drew, marked cancelled.
 * {@code --checkpoint DIR} saves the chains every {@code --checkpoint-every} sweeps, and {@code --resume DIR}
 * continues such a run as if it had not stopped (as {@code plate:cluster}'s, through {@link SamplerRuns}).
 */
@Component(service = SampleCommands.class)
@PlateCommand({"sample", "trace"})
public final class SampleCommands {

    private final Workspace workspace;
    private final ShellDefaults defaults;
    /** The installed learners: a learner's name given here is answered with the command that runs it. */
    private final Learners learners;
    private final BoundSamplers samplers = new BoundSamplers();

    @Activate
    public SampleCommands(@Reference Workspace workspace, @Reference ShellDefaults defaults, @Reference Learners learners) {
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
    static SampleCommands of(Workspace workspace, ShellDefaults defaults, List<Sampler> fixed) {
        return of(workspace, defaults, fixed, Learners.of(List.of()));
    }

    /** For tests and embedding: commands over fixed samplers, with these learners installed beside them. */
    static SampleCommands of(Workspace workspace, ShellDefaults defaults, List<Sampler> fixed, Learners learners) {
        SampleCommands c = new SampleCommands(workspace, defaults, learners);
        c.samplers.fix(fixed);
        return c;
    }

    private Sampler sampler(String name) {
        try {
            return samplers.find(name, "", "sampler");
        } catch (PlateException missing) {
            PlateException learner = learners.notASampler(name);
            throw learner != null ? learner : missing;
        }
    }

    @Descriptor("run a posterior sampler on a dataset; prints R-hat and ESS per summary and keeps the run"
            + " under --name (default DATASET.SAMPLER)")
    public SampleResult sample(CommandSession session,
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
            @Descriptor("write the run directory (trace.csv, summary.json, the sampler's tables) here")
            @Parameter(names = {"-o", "--out"}, absentValue = "") String out,
            @Descriptor("name to keep the run under (see plate:trace)")
            @Parameter(names = {"-n", "--name"}, absentValue = "") String name,
            @Descriptor("save every chain's state in this folder every --checkpoint-every sweeps and after its last,"
                    + " so that --resume can continue the run")
            @Parameter(names = {"--checkpoint"}, absentValue = "") String checkpoint,
            @Descriptor(SamplerRuns.CHECKPOINT_EVERY_HELP)
            @Parameter(names = {"--checkpoint-every"}, absentValue = "") String checkpointEvery,
            @Descriptor(SamplerRuns.RESUME_HELP)
            @Parameter(names = {"--resume"}, absentValue = "") String resume,
            @Descriptor("sampler name, e.g. sparse.dirichlet (see plate:samplers)") String sampler,
            @Descriptor("name of a loaded dataset") String dataset,
            @Descriptor("sampler parameters as key=value (plate:params SAMPLER lists them with defaults)") String... params) throws IOException {
        SamplerRuns.Outcome o = SamplerRuns.runAndKeep(session, sampler(sampler), sampler, dataset, params,
                new SamplerRuns.Options(iterations, maxIterations, burnIn, thin, chains, seed, out, name,
                        SamplerRuns.checkpoints(defaults, checkpoint, checkpointEvery, resume)), workspace, defaults,
                samplers);
        return o.report(new SampleResult(o.kept(), o.posterior(), o.dir(), o.stopped()));
    }

    @Descriptor("show the trace summary of a kept run or a run directory: per summary its mean, sd, R-hat and ESS,"
            + " and each chain's mean")
    public TraceSummary trace(
            @Descriptor("also draw the trace plot with running R-hat into this .png or .svg file")
            @Parameter(names = {"-p", "--plot"}, absentValue = "") String plot,
            @Descriptor("name of a kept run (see plate:sample --name), or a run directory written with --out")
            String run) throws IOException {
        Posterior p = RunArgument.resolve(run, workspace, defaults);
        Path file = null;
        if (!plot.isEmpty()) {
            file = defaults.output(plot);
            String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
            if (!lower.endsWith(".png") && !lower.endsWith(".svg")) {
                throw new PlateException("--plot '" + plot + "': the plot file must end in .png or .svg");
            }
            OutputTarget target = OutputTarget.file(defaults, plot, "cannot write the plot to");
            try {
                Figures.trace(run, p, file);
            } catch (IOException e) {
                throw target.failure(e);
            }
        }
        return new TraceSummary(run, p, file);
    }

    /** What {@code plate:sample} returns: the kept run, its name and where it was written. */
    public static final class SampleResult {
        private final String name;
        private final Posterior posterior;
        private final Path written;
        private final String stopped;

        SampleResult(String name, Posterior posterior, Path written, String stopped) {
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

        /** The run directory, or null when none was written. */
        public Path written() {
            return written;
        }

        public List<SummaryDiagnostic> diagnostics() {
            return posterior.diagnostics();
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(DiagnosticsTable.render(posterior)).append('\n');
            b.append(SamplerRuns.Outcome.keptLine(name, posterior, written));
            return b.append('\n').append(SamplerRuns.Outcome.stoppedLine(name, stopped)).toString();
        }
    }

    /** What {@code plate:trace} returns: the diagnostics table and each chain's kept draws and means. */
    public static final class TraceSummary {
        private final String name;
        private final Posterior posterior;
        private final Path plot;

        TraceSummary(String name, Posterior posterior, Path plot) {
            this.name = name;
            this.posterior = posterior;
            this.plot = plot;
        }

        public Posterior posterior() {
            return posterior;
        }

        @Override
        public String toString() {
            Trace t = posterior.trace();
            StringBuilder b = new StringBuilder("run '").append(name).append("': ");
            b.append(DiagnosticsTable.render(posterior)).append("\n\n");
            List<String> header = new ArrayList<>(List.of("chain", "draws"));
            for (String s : t.summaryNames()) {
                header.add("mean " + s);
            }
            TextTable table = new TextTable(header.toArray(new String[0]));
            for (int c = 0; c < t.chains(); c++) {
                Object[] row = new Object[header.size()];
                row[0] = c;
                row[1] = t.draws(c);
                for (int s = 0; s < t.summaryNames().size(); s++) {
                    double[] x = t.series(c, s);
                    double m = 0;
                    for (double v : x) {
                        m += v;
                    }
                    row[2 + s] = x.length == 0 ? io.plate.mcmc.DiagnosticsTable.UNDEFINED // a chain stopped before its first draw
                            : String.format(Locale.ROOT, "%.4g", m / x.length);
                }
                table.row(row);
            }
            b.append(table);
            if (plot != null) {
                b.append("\ntrace plot written to ").append(plot).append('\n');
            }
            return b.toString();
        }
    }
}

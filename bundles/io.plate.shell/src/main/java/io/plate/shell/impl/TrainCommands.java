package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.mcmc.ProgressPrinter;
import java.io.PrintStream;
import java.util.Arrays;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code plate:train}: fits a model with an installed learner and keeps it in the {@link Workspace}.
 */
@Component(service = TrainCommands.class)
@PlateCommand({"train"})
public final class TrainCommands {
    private final Workspace workspace;
    private final ShellDefaults defaults;
    private final Learners learners;

    @Activate
    public TrainCommands(@Reference Workspace workspace, @Reference ShellDefaults defaults,
            @Reference Learners learners) {
        this.workspace = workspace;
        this.defaults = defaults;
        this.learners = learners;
    }

    @Descriptor("fit a model and keep it under --name (default: DATASET.LEARNER)")
    public Model train(CommandSession session,
            @Descriptor("seed passed to the learner (default: the shell's seed, see plate:config)")
            @Parameter(names = {"-s", "--seed"}, absentValue = "") String seed,
            @Descriptor("name to keep the model under")
            @Parameter(names = {"-n", "--name"}, absentValue = "") String name,
            @Descriptor("learner name, e.g. nb.multinomial (see plate:learners)") String learner,
            @Descriptor("name of a loaded dataset") String dataset,
            @Descriptor("learner parameters as key=value (plate:params LEARNER lists them with defaults)") String... params) {
        Learner l = learners.named(learner);
        // ARFF instance weights weigh the rows, as in Weka, and are no feature
        RowWeights weighed = RowWeights.of(l, workspace.dataset(dataset), Args.keyValues(Arrays.asList(params), learner, l.parameters()));
        Params p = l.params(weighed.params());
        long s = seed.isEmpty() ? defaults.seed() : Args.parseLong("--seed", seed);
        Dataset d = weighed.data();
        String kept = name.isEmpty() ? dataset + "." + learner : name;
        Thread worker = Thread.currentThread();
        Model m;
        PrintStream console = session != null ? session.getConsole() : System.out;
        if (weighed.note() != null) {
            System.out.println("note: " + weighed.note());
        }
        // a long fit (kernel.regression's bandwidth search) reports its training rows as a run reports its sweeps
        try (CtrlC ctrlC = CtrlC.during(session, worker::interrupt);
                ProgressPrinter progress = SessionProgress.forSession(session, console, l.name() + " on " + d.name())
                        .counting("rows", "Ctrl-C stops; the model is not kept")) {
            try {
                m = Learners.withAdvice(l, d, () -> l.fit(d, p, s, progress));
            } catch (java.util.concurrent.CancellationException e) { // the learner saw the interrupt and stopped
                throw interrupted(kept, ctrlC);
            }
            if (worker.isInterrupted()) { // Ctrl-C or a signal meanwhile: the user gave up on it
                throw interrupted(kept, ctrlC);
            }
        }
        Replaced.warn(Replaced.model(kept, workspace.putModel(kept, m)), "train with --name NAME");
        return m;
    }

    /** What an interrupted fit says: which interrupt when known (Ctrl-C, or the signal ending the process). */
    static PlateException interrupted(String what, CtrlC ctrlC) {
        return new PlateException("training of '" + what + "' was interrupted" + ctrlC.cause() + "; the model was not kept");
    }
}

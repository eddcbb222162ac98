package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import java.util.List;
import io.plate.api.sample.Sampler;
import org.apache.felix.service.command.CommandSession;
import org.jline.reader.ParsedLine;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceReference;

/** Completion offers the kind of name the argument under the cursor takes (a dataset position: datasets). */
class CompletionNamesTest {
    private static ParsedLine line(String typed) {
        return new DefaultParser().parse(typed, typed.length());
    }

    /**
     * A session whose command line is {@code current[0]} and whose Gogo folder completion ({@code __directories})
     * offers {@code runs/}.
     */
    private static CommandSession typing(Object[] current) {
        return (CommandSession) java.lang.reflect.Proxy.newProxyInstance(CompletionNamesTest.class.getClassLoader(),
                new Class<?>[] {CommandSession.class}, (p, m, a) -> switch (m.getName()) {
                    case "get" -> ".commandLine".equals(a[0]) ? current[0] : null;
                    case "execute" -> "__directories".equals(a[0]) ? List.of("runs/") : null;
                    default -> null;
                });
    }

    private static int argumentIndex(ParsedLine line) {
        return InfoCommands.argumentIndex(line, w -> w.equals("--no-header"));
    }

    @Test
    void argumentIndexSkipsTheCommandOptionsAndTheirValues() {
        assertEquals(0, argumentIndex(line("plate:train ")));
        assertEquals(1, argumentIndex(line("plate:train nb.gaussian ")));
        assertEquals(1, argumentIndex(line("plate:train --seed 3 nb.gaussian ir")));
        assertEquals(2, argumentIndex(line("plate:train nb.gaussian iris ")));
        assertEquals(-1, argumentIndex(line("plate:train --se")));
        assertEquals(-1, argumentIndex(null));
        // a flag takes no value: the next word is an argument
        assertEquals(0, argumentIndex(line("plate:import --no-header ")));
    }

    /** The value of an option is no argument: plate:import --format offered files, plate:cluster --name samplers. */
    @Test
    void anOptionsValueIsNoArgument() {
        assertEquals(-1, argumentIndex(line("plate:import --format ")));
        assertEquals(-1, argumentIndex(line("plate:cluster --name r")));
        assertEquals(-1, argumentIndex(line("plate:import x.csv --format ")));
        assertEquals(1, argumentIndex(line("plate:cluster --name r mixture.gaussian ")));
    }

    /** plate:cluster's sampler position offers the mixture samplers it takes (it offered sparse.collapsed too). */
    @Test
    void theMixturesKindHoldsTheSamplersPlateClusterTakes() throws Exception {
        InfoCommands info = new InfoCommands(new Workspace(), null);
        List<ServiceReference<Sampler>> refs = new java.util.ArrayList<>();
        for (String name : List.of("sparse.collapsed", "mixture.gaussian", "sparse.dirichlet", "mixture.categorical")) {
            refs.add(sampler(name));
        }
        java.lang.reflect.Field f = InfoCommands.class.getDeclaredField("samplers");
        f.setAccessible(true);
        f.set(info, refs);
        assertEquals(List.of("mixture.categorical", "mixture.gaussian"), info.names(null, false, "mixtures"));
        assertEquals(4, info.names(null, false, "samplers").size());
    }

    @SuppressWarnings("unchecked")
    private static ServiceReference<Sampler> sampler(String name) {
        return (ServiceReference<Sampler>) java.lang.reflect.Proxy.newProxyInstance(CompletionNamesTest.class.getClassLoader(),
                new Class<?>[] {ServiceReference.class}, (p, m, a) -> switch (m.getName()) {
                    case "getProperty" -> Sampler.NAME.equals(a[0]) ? name : null;
                    case "compareTo" -> Integer.compare(System.identityHashCode(p), System.identityHashCode(a[0]));
                    case "hashCode" -> System.identityHashCode(p);
                    case "equals" -> p == a[0];
                    default -> null;
                });
    }

    @Test
    void aDatasetPositionOffersDatasetsOnly() throws Exception {
        Workspace w = new Workspace();
        w.putDataset("iris", Dataset.builder("iris").numeric(NumericColumn.of("x", new double[] {1})).build());
        InfoCommands info = new InfoCommands(w, null);
        Object[] current = new Object[1];
        CommandSession session = (CommandSession) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {CommandSession.class},
                (p, m, a) -> m.getName().equals("get") && ".commandLine".equals(a[0]) ? current[0] : null);
        current[0] = line("plate:sample sparse.dirichlet ");
        assertEquals(List.of("iris"), info.names(session, true, "samplers", "datasets"));
        current[0] = line("plate:sample sparse.dirichlet iris ");
        assertEquals(List.of(), info.names(session, true, "samplers", "datasets"), "parameters follow: no names");
        current[0] = line("plate:plot ");
        assertEquals(List.of("trace", "clusters", "theta", "confusion", "lines"),
                info.names(session, true, "plots", "runs"));
        // without --by-position: every kind, as before
        assertEquals(List.of("iris"), info.names(session, false, "datasets"));
    }

    /**
     * plate:predict's first position offers models, kept runs and folders (models,runs: a run directory assigns new rows
     * too), its second datasets and no folder.
     */
    @Test
    void aPredictPositionOffersModelsKeptRunsAndRunDirectories() throws Exception {
        Workspace w = new Workspace();
        w.putDataset("iris", Dataset.builder("iris").numeric(NumericColumn.of("x", new double[] {1})).build());
        w.putRun("iris.mixture.gaussian", RunPredictionsTest.run("mixture.gaussian", null));
        InfoCommands info = new InfoCommands(w, null);
        Object[] current = new Object[1];
        CommandSession session = typing(current);
        current[0] = line("plate:predict ");
        assertEquals(List.of("iris.mixture.gaussian", "runs/"), info.names(session, true, "models,runs", "datasets"));
        current[0] = line("plate:predict iris.mixture.gaussian ");
        assertEquals(List.of("iris"), info.names(session, true, "models,runs", "datasets"));
    }

    /**
     * A run position offers the session's runs and Gogo's folder completion: plate:trace and plate:plot take a run
     * directory written with --out too (by an earlier process), and Tab offered only the runs kept in this session.
     */
    @Test
    void aRunPositionOffersKeptRunsAndFolders() throws Exception {
        InfoCommands info = new InfoCommands(new Workspace(), null);
        Object[] current = new Object[1];
        CommandSession session = typing(current);
        current[0] = line("plate:trace ");
        assertEquals(List.of("runs/"), info.names(session, true, "runs"));
        current[0] = line("plate:plot trace ");
        assertEquals(List.of("runs/"), info.names(session, true, "plots", "runs"));
        current[0] = line("plate:plot ");
        assertEquals(List.of("trace", "clusters", "theta", "confusion", "lines"), info.names(session, true, "plots", "runs"));
    }

    /**
     * After the dataset, Tab offers the learner's or sampler's key=value words not yet typed, ending at the '=' (not
     * complete: no space follows), described by default and meaning; it offered nothing.
     */
    @Test
    void parameterPositionsOfferTheNamedLearnersKeysNotYetTyped() {
        List<io.plate.api.learn.ParamSpec> specs = List.of(
                io.plate.api.learn.ParamSpec.positive("var_smoothing", "1e-9", "added to the variances"),
                io.plate.api.learn.ParamSpec.bool("fit_prior", "true", "learn the class prior"));
        List<Object> offered = InfoCommands.parameterCandidates(line("plate:train nb.gaussian iris "), specs);
        assertEquals(List.of("var_smoothing=", "fit_prior="), offered.stream()
                .map(c -> ((org.jline.reader.Candidate) c).value()).toList());
        org.jline.reader.Candidate first = (org.jline.reader.Candidate) offered.get(0);
        assertEquals(false, first.complete());
        assertEquals("default 1e-9: added to the variances", first.descr());
        // a key on the line is not offered again; a word with its '=' gets no keys
        assertEquals(List.of("var_smoothing="), InfoCommands.parameterCandidates(
                line("plate:train nb.gaussian iris fit_prior=false v"), specs).stream()
                .map(c -> ((org.jline.reader.Candidate) c).value()).toList());
        assertEquals(List.of(), InfoCommands.parameterCandidates(line("plate:train nb.gaussian iris fit_prior="), specs));
        assertEquals(List.of(), InfoCommands.parameterCandidates(line("plate:train nosuch iris "), null));
        // the learner is the first argument, options and their values aside
        java.util.function.Predicate<String> noFlags = w -> false;
        assertEquals("nb.gaussian", InfoCommands.argument(line("plate:train --name m nb.gaussian iris "), noFlags, 0));
        assertEquals("iris", InfoCommands.argument(line("plate:train --name m nb.gaussian iris "), noFlags, 1));
        assertEquals(null, InfoCommands.argument(line("plate:train nb.g"), noFlags, 0), "the word under the cursor");
    }
}

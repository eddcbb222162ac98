package io.plate.shell.impl;

import io.plate.api.ServicePreference;
import io.plate.api.Plate;
import io.plate.api.data.Dataset;
import io.plate.api.data.Importer;
import io.plate.api.learn.Learner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import io.plate.api.text.TextTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * What is installed and loaded: {@code plate:learners}, {@code plate:samplers}, {@code plate:importers},
 * {@code plate:distributions}, {@code plate:datasets}, {@code plate:version}. The service lists are
 * dynamic, greedy, multiple references, so a bundle installed or removed while the shell runs shows up
 * or disappears at the next call.
 */
@Component(service = InfoCommands.class)
@PlateCommand({"learners", "samplers", "importers", "distributions", "datasets",
        "version", "banner", "names", "params"})
@PlateInternalCommand({"banner", "names"})
public final class InfoCommands {
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile List<ServiceReference<Learner>> learners;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile List<ServiceReference<Sampler>> samplers;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile List<ServiceReference<Importer>> importers;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile List<ServiceReference<Distributions>> distributions;

    private final Workspace workspace;
    private final BundleContext context;

    @Activate
    public InfoCommands(@Reference Workspace workspace, BundleContext context) {
        this.workspace = workspace;
        this.context = context;
    }

    @Descriptor("list the installed learners with their bundle and version")
    public String learners() {
        return listing(learners, Learner.NAME, l -> ((Learner) l).description());
    }

    @Descriptor("list the installed samplers with their bundle and version")
    public String samplers() {
        return listing(samplers, Sampler.NAME, s -> ((Sampler) s).description());
    }

    @Descriptor("list the installed importers (formats and file extensions) with their bundle and version")
    public String importers() {
        return listing(importers, Importer.FORMAT,
                i -> ((Importer) i).description() + " [." + String.join(", .", ((Importer) i).extensions()) + "]");
    }

    @Descriptor("list the installed providers of sampling distributions; the highest ranked is in use")
    public String distributions() {
        List<ServiceReference<Distributions>> refs = ServicePreference.sorted(snapshot(distributions),
                ServiceReference::getProperty);
        TextTable t = new TextTable("provider", "ranking", "in use", "bundle", "version");
        boolean first = true;
        for (ServiceReference<Distributions> r : refs) {
            Bundle b = r.getBundle();
            if (b == null) {
                continue;
            }
            Object rank = r.getProperty(Constants.SERVICE_RANKING);
            t.row(r.getProperty(Distributions.PROVIDER), rank == null ? 0 : rank, first ? "yes" : "",
                    b.getSymbolicName(), b.getVersion());
            first = false;
        }
        return t.size() == 0 ? Missing.listing() + "\n" : t.toString();
    }

    @Descriptor("list the datasets loaded in this shell with rows, features and memory used")
    public String datasets() {
        Map<String, Dataset> all = workspace.datasets();
        if (all.isEmpty()) {
            return "no datasets loaded (use plate:import FILE)\n";
        }
        TextTable t = new TextTable("name", "rows", "features", "classes", "memory", "source");
        Set<Object> counted = Dataset.identitySet();
        long total = 0;
        List<String> views = new ArrayList<>();
        for (Map.Entry<String, Dataset> e : all.entrySet()) {
            Dataset d = e.getValue();
            long own = d.memoryBytes();
            long added = d.memoryBytes(counted);
            total += added;
            // a split's part refers to its parent's storage: its memory is that storage, counted once in the total
            String shared = added < own ? sharedWith(e.getKey(), d, all) : "";
            if (!shared.isEmpty()) {
                views.add(e.getKey());
            }
            t.row(e.getKey(), d.rows(), d.featureCount(),
                    d.labels().map(l -> Integer.toString(l.cardinality())).orElse("-"),
                    io.plate.api.HeapCheck.bytes(own) + shared, d.source());
        }
        String out = t.toString();
        return views.isEmpty() ? out : out + "in all " + io.plate.api.HeapCheck.bytes(total) + " (storage shared between datasets counted once)\n";
    }

    /** " (shares NAME's)": the first other dataset whose storage {@code d} refers to; empty when none. */
    private static String sharedWith(String name, Dataset d, Map<String, Dataset> all) {
        for (Map.Entry<String, Dataset> e : all.entrySet()) {
            if (e.getKey().equals(name)) {
                continue;
            }
            Set<Object> other = Dataset.identitySet();
            e.getValue().memoryBytes(other);
            if (d.memoryBytes(other) < d.memoryBytes()) {
                return " (shares " + e.getKey() + "'s)";
            }
        }
        return "";
    }

    @Descriptor("show the Plate version, the framework and the Java runtime")
    public String version() {
        Bundle sys = context.getBundle(0);
        return "Plate " + Plate.VERSION + " on " + sys.getSymbolicName() + " " + sys.getVersion() + ", Java "
                + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")\n";
    }

    /** The interactive shell's greeting (its profile prints it at start, unless the launcher got -q). */
    static final String BANNER = "Plate " + Plate.VERSION
            + " - Bayesian naive Bayes and Gibbs-sampled mixtures on OSGi.\n"
            + "Try: plate:learners, plate:samplers, help plate:train.\n"
            + "Tab completes; Ctrl-D or 'exit' quits.";

    @Descriptor("print the start banner, broken between words to fit the terminal")
    public void banner() {
        System.out.println(TextTable.wrap(BANNER, TextTable.terminalColumns()));
    }

    @Descriptor("names for completion: learners, samplers, mixtures (the samplers plate:cluster takes), importers,"
            + " datasets, models, runs, plots, draws or files; with --by-position, a last kind params completes the"
            + " key=value words of the learner or sampler named first")
    public List<Object> names(org.apache.felix.service.command.CommandSession session,
            @Descriptor("one kind per argument of the command line being completed: only the kind of the argument"
                    + " under the cursor (a dataset position gets datasets; an option's value gets nothing); kinds"
                    + " joined by commas (models,runs) offer the names of each")
            @Parameter(names = {"--by-position"}, presentValue = "true", absentValue = "false") boolean byPosition,
            @Descriptor("kinds of name") String... kinds) throws Exception {
        if (!byPosition) {
            return new ArrayList<>(namesOf(kinds));
        }
        Object commandLine = session == null ? null : session.get(".commandLine");
        java.util.function.Predicate<String> flags = flags(commandLine);
        int p = argumentIndex(commandLine, flags);
        int last = kinds.length - 1;
        if (p >= 0 && last >= 0 && p >= last && kinds[last].equals(PARAMS)) {
            String named = argument(commandLine, flags, 0);
            return parameterCandidates((org.jline.reader.ParsedLine) commandLine, named == null ? null : specsOf(named));
        }
        if (p < 0 || p >= kinds.length) {
            return new ArrayList<>();
        }
        if (kinds[p].equals(FILES)) { // Gogo's own file completion (directories, ~), at a file's position only
            return session.execute("__files") instanceof java.util.Collection<?> files ? new ArrayList<>(files)
                    : new ArrayList<>();
        }
        List<Object> out = new ArrayList<>(namesOf(kinds[p].split(","))); // models,runs: what plate:predict takes
        if (List.of(kinds[p].split(",")).contains(RUNS)
                && session.execute("__directories") instanceof java.util.Collection<?> folders) {
            out.addAll(folders); // a RUN is also a run directory written with --out (RunArgument), by any process
        }
        return out;
    }

    /**
     * The kind of {@link #names} that completes, at its position and every later one, the key=value words of the
     * learner or sampler named by the first argument ({@code plate:train nb.gaussian iris v<Tab>}: var_smoothing=).
     */
    static final String PARAMS = "params";

    /**
     * "key=" for each parameter in {@code specs} (those of the line's learner or sampler) not yet on the line, described by its default and meaning; not
     * complete, so that Tab leaves the cursor after the '=' for the value. Nothing at a word that has its '='.
     */
    static List<Object> parameterCandidates(org.jline.reader.ParsedLine line, List<io.plate.api.learn.ParamSpec> specs) {
        if (specs == null || line.word().contains("=")) {
            return new ArrayList<>();
        }
        java.util.Set<String> given = new java.util.HashSet<>();
        for (int i = 1; i < line.words().size(); i++) {
            String w = line.words().get(i);
            if (i != line.wordIndex() && w.indexOf('=') > 0) {
                given.add(w.substring(0, w.indexOf('=')));
            }
        }
        List<Object> out = new ArrayList<>();
        for (io.plate.api.learn.ParamSpec spec : specs) {
            if (!given.contains(spec.name())) {
                String described = (spec.defaultValue() == null ? "" : "default " + spec.defaultValue() + ": ") + spec.doc();
                out.add(new org.jline.reader.Candidate(spec.name() + "=", spec.name() + "=", null, described, null, null,
                        false));
            }
        }
        return out;
    }

    /**
     * The word of argument {@code index} (options and their values not counted) of a JLine command line, not
     * counting the word under the cursor; null when the line has no such argument.
     */
    static String argument(Object commandLine, java.util.function.Predicate<String> flag, int index) {
        if (!(commandLine instanceof org.jline.reader.ParsedLine line)) {
            return null;
        }
        List<String> words = line.words();
        int p = 0;
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            if (w.startsWith("-") && w.length() > 1) {
                i += flag.test(w) ? 0 : 1; // an option's value is no argument
            } else if (i != line.wordIndex() && p++ == index) {
                return w;
            }
        }
        return null;
    }

    /** The kind of {@link #names} that completes a run: a kept run's name or a folder. */
    private static final String RUNS = "runs";

    /** The kind of {@link #names} that completes a file name. */
    private static final String FILES = "files";

    /** The flags (options without a value) of the {@code plate:*} command a JLine command line starts with. */
    private java.util.function.Predicate<String> flags(Object commandLine) throws org.osgi.framework.InvalidSyntaxException {
        if (context == null || !(commandLine instanceof org.jline.reader.ParsedLine line) || line.words().isEmpty()) {
            return w -> false;
        }
        String first = line.words().get(0);
        String fn = first.substring(first.indexOf(':') + 1);
        Class<?> type = CommandFunctions.commandTypes(context).get(fn);
        List<CommandUsage> usages = type == null ? List.of() : CommandFunctions.usages(type, fn);
        return w -> usages.stream().anyMatch(u -> u.isFlag(w));
    }

    /**
     * Which argument (0-based, options and their values not counted) the word under the cursor of a JLine
     * command line is; -1 when there is no command line, or the word is an option or an option's value (an
     * option takes the next word unless {@code flag} says it is a flag).
     */
    static int argumentIndex(Object commandLine, java.util.function.Predicate<String> flag) {
        if (!(commandLine instanceof org.jline.reader.ParsedLine)) {
            return -1;
        }
        org.jline.reader.ParsedLine line = (org.jline.reader.ParsedLine) commandLine;
        List<String> words = line.words();
        int at = line.wordIndex();
        if (at < 1 || (at < words.size() && words.get(at).startsWith("-"))) {
            return -1;
        }
        int p = 0;
        for (int i = 1; i < at && i < words.size(); i++) {
            String w = words.get(i);
            if (w.startsWith("-") && w.length() > 1) {
                if (flag.test(w)) {
                    continue;
                }
                if (++i == at) { // the word under the cursor is this option's value
                    return -1;
                }
            } else {
                p++;
            }
        }
        return p;
    }

    /** Names of the given kinds. */
    List<String> namesOf(String... kinds) {
        List<String> out = new ArrayList<>();
        for (String k : kinds) {
            switch (k) {
                case "learners":
                    names(learners, Learner.NAME, out);
                    break;
                case "samplers":
                    names(samplers, Sampler.NAME, out);
                    break;
                case "mixtures": // what plate:cluster takes
                    List<String> all = new ArrayList<>();
                    names(samplers, Sampler.NAME, all);
                    all.stream().filter(n -> n.startsWith(ClusterCommands.MIXTURE_PREFIX)).forEach(out::add);
                    break;
                case "importers":
                    names(importers, Importer.FORMAT, out);
                    break;
                case "datasets":
                    out.addAll(workspace.datasets().keySet());
                    break;
                case "models":
                    out.addAll(workspace.models().keySet());
                    out.addAll(workspace.waiting().keySet());
                    break;
                case "runs":
                    out.addAll(workspace.runs().keySet());
                    break;
                case "plots":
                    out.addAll(List.of("trace", "clusters", "theta", "confusion", "lines"));
                    break;
                case "draws":
                    out.addAll(DrawCommands.names());
                    break;
                default:
                    throw new io.plate.api.PlateException("unknown kind '" + k
                            + "': use learners, samplers, mixtures, importers, datasets, models, runs, plots or draws");
            }
        }
        return out;
    }

    private static <S> void names(List<ServiceReference<S>> refs, String property, List<String> out) {
        for (ServiceReference<S> r : snapshot(refs)) {
            Object n = r.getProperty(property);
            if (n != null && !out.contains(n.toString())) {
                out.add(n.toString());
            }
        }
        java.util.Collections.sort(out);
    }

    @Descriptor("the parameters of a learner or sampler: name, type, default, allowed range and what it does"
            + " (these are the key=value words of plate:train, plate:evaluate, plate:sample, plate:cluster)")
    public String params(@Descriptor("learner or sampler name (see plate:learners, plate:samplers)") String name) {
        String[] what = new String[1];
        java.util.List<io.plate.api.learn.ParamSpec> specs = specsOf(name, what);
        if (specs == null) {
            // where the others may be (features left out, stopped bundles), as plate:train and plate:sample say
            List<String> installed = new ArrayList<>();
            names(learners, Learner.NAME, installed);
            names(samplers, Sampler.NAME, installed);
            throw new io.plate.api.PlateException("no learner or sampler named '" + name + "'" + Missing.note(name, installed));
        }
        if (specs.isEmpty()) {
            return what[0] + "\n(no parameters)\n";
        }
        TextTable t = new TextTable("parameter", "type", "default", "allowed", "meaning");
        for (io.plate.api.learn.ParamSpec p : specs) {
            t.row(p.name(), p.type().name().toLowerCase(java.util.Locale.ROOT),
                    p.defaultValue() == null ? "(none)" : p.defaultValue(), p.range(), p.doc());
        }
        return what[0] + "\n" + t;
    }

    /** The parameters of the learner or sampler {@code name}; null when none is installed under that name. */
    private List<io.plate.api.learn.ParamSpec> specsOf(String name) {
        return specsOf(name, new String[1]);
    }

    /** As {@link #specsOf(String)}, with "learner NAME: description" (or sampler) in {@code what[0]}. */
    private List<io.plate.api.learn.ParamSpec> specsOf(String name, String[] what) {
        if (context == null) {
            return null;
        }
        ServiceReference<Learner> lr = ServicePreference.named(snapshot(learners), ServiceReference::getProperty,
                Learner.NAME, name).orElse(null);
        Learner l = lr == null ? null : context.getService(lr);
        if (l != null) {
            try {
                what[0] = "learner " + name + ": " + l.description();
                return l.parameters();
            } finally {
                context.ungetService(lr);
            }
        }
        ServiceReference<Sampler> sr = ServicePreference.named(snapshot(samplers), ServiceReference::getProperty,
                Sampler.NAME, name).orElse(null);
        Sampler smp = sr == null ? null : context.getService(sr);
        if (smp != null) {
            try {
                what[0] = "sampler " + name + ": " + smp.description();
                return smp.parameters();
            } finally {
                context.ungetService(sr);
            }
        }
        return null;
    }

    private static <S> List<ServiceReference<S>> snapshot(List<ServiceReference<S>> refs) {
        return refs == null ? new ArrayList<>() : new ArrayList<>(refs);
    }

    private <S> String listing(List<ServiceReference<S>> refs, String nameProperty,
            java.util.function.Function<Object, String> describe) {
        List<ServiceReference<S>> list = snapshot(refs);
        list.sort(Comparator.comparing(r -> String.valueOf(r.getProperty(nameProperty))));
        // two services of one name (two versions of a bundle): "in use" marks the one the commands pick
        java.util.Set<Object> names = new java.util.HashSet<>();
        boolean shared = false;
        for (ServiceReference<S> r : list) {
            shared |= !names.add(r.getProperty(nameProperty));
        }
        TextTable t = shared ? new TextTable("name", "bundle", "version", "in use", "description")
                : new TextTable("name", "bundle", "version", "description");
        for (ServiceReference<S> r : list) {
            Bundle b = r.getBundle();
            if (b == null) {
                continue; // unregistered meanwhile
            }
            S service = context.getService(r);
            if (service == null) {
                continue;
            }
            try {
                if (shared) {
                    boolean picked = ServicePreference.named(list, ServiceReference::getProperty, nameProperty,
                            String.valueOf(r.getProperty(nameProperty))).orElse(null) == r;
                    t.row(r.getProperty(nameProperty), b.getSymbolicName(), b.getVersion(), picked ? "yes" : "",
                            describe.apply(service));
                } else {
                    t.row(r.getProperty(nameProperty), b.getSymbolicName(), b.getVersion(), describe.apply(service));
                }
            } finally {
                context.ungetService(r);
            }
        }
        return t.size() == 0 ? Missing.listing() + "\n" : t.toString();
    }
}

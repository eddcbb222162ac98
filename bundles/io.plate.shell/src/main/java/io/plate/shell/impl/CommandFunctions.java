package io.plate.shell.impl;

import io.plate.api.ServicePreference;
import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.sample.Sampler;
import io.plate.api.text.NearestName;
import io.plate.api.text.TextTable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Function;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Registers every {@code plate:*} command with Gogo: for each function of each command service
 * ({@link PlateCommand}) a Gogo {@link Function} named {@code plate:FUNCTION}, the only registration of
 * that name. It checks the words against the command's {@link CommandUsage} and answers a wrong call with
 * the command's own usage line (an unknown option with the nearest name, a missing or extra argument)
 * instead of Gogo's {@code Cannot coerce …}; then it calls the command's method ({@link CommandUsage#invoke},
 * with only the exported Gogo API, so the same bundle runs in Felix Gogo and in Apache Karaf's console),
 * and reports a failure as a {@link CommandError} (its message, no class name). While Gogo's own
 * {@code felix:help} is installed it also answers {@code help} for Plate's commands under the names
 * users type ({@code plate:import}, not the Java method {@code _import}) and fails on a command that does
 * not exist; other names go to Gogo's help. The internal functions ({@link PlateInternalCommand}) are
 * registered only then: a console with a help of its own (Apache Karaf's) would list them, and nothing
 * there calls them; so are {@link FrameworkCommands}, in place of Gogo's own {@code refresh}, {@code update},
 * {@code start} and {@code stop},
 * checked in the same way; and {@link GogoFileCommands} in place of Gogo's {@code cat}, {@code grep} … while those are there.
 * Command services stay delayed: only their properties are read until a command runs.
 */
@Component(immediate = true)
public final class CommandFunctions {
    static final String SCOPE = "plate";
    /** The service property {@link PlateCommand} sets. */
    static final String COMMAND = "plate.command";
    /** The service property {@link PlateInternalCommand} sets. */
    static final String INTERNAL = "plate.internal.command";
    /** Marks the functions registered here, so that Gogo's own help is found apart from Plate's. */
    static final String CHECKED = "plate.command.checked";
    /** Ranks Plate's help above Gogo's. */
    private static final int RANKING = 100;
    /** Gogo's own {@code help} (not the one registered here). */
    private static final String GOGO_HELP = "(&(" + CommandProcessor.COMMAND_SCOPE + "=felix)("
            + CommandProcessor.COMMAND_FUNCTION + "=help)(!(" + CHECKED + "=*)))";

    private final BundleContext context;
    private final Map<String, ServiceReference<Object>> commands = new ConcurrentHashMap<>();
    /** The functions the shell profile calls for itself: never listed or suggested. */
    private final java.util.Set<String> internal = ConcurrentHashMap.newKeySet();
    private final Map<ServiceReference<Object>, List<Front>> fronts = new ConcurrentHashMap<>();
    /** Plate's help (and *:default and the FrameworkCommands); also the lock of {@link #internalFronts}. */
    private final List<ServiceRegistration<?>> helps = new ArrayList<>();
    /** The registered internal functions of each command service: only while Plate answers help. */
    private final Map<ServiceReference<Object>, List<Front>> internalFronts = new ConcurrentHashMap<>();
    private final ServiceTracker<Object, Object> tracker;
    private final ServiceTracker<Object, Object> gogoHelp;
    private final GogoFileCommands fileCommands;
    /** Adds the functions' descriptions for other consoles (see describeLater), one by one. */
    private final ExecutorService describer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "plate-command-descriptions");
        t.setDaemon(true);
        return t;
    });

    @Activate
    public CommandFunctions(BundleContext context) throws InvalidSyntaxException {
        this.context = context;
        Filter f = context.createFilter("(" + COMMAND + "=*)");
        this.tracker = new ServiceTracker<>(context, f, null) {
            @Override
            public Object addingService(ServiceReference<Object> ref) {
                front(ref);
                return ref;
            }

            @Override
            public void removedService(ServiceReference<Object> ref, Object service) {
                unfront(ref);
            }
        };
        // Plate's help in place of Gogo's, while Gogo's is there (Apache Karaf's console has a help of its own)
        this.gogoHelp = new ServiceTracker<>(context, context.createFilter(GOGO_HELP), null) {
            @Override
            public Object addingService(ServiceReference<Object> ref) {
                synchronized (helps) {
                    if (helps.isEmpty()) {
                        for (String scope : List.of("felix", "gogo")) {
                            helps.add(context.registerService(Function.class, CommandFunctions.this::help,
                                    properties(scope, "help", null)));
                        }
                        // Gogo calls *:default for a name that is no command; Plate's answer names the nearest one
                        helps.add(context.registerService(Function.class, CommandFunctions.this::notFound,
                                properties("gogo", "default", null)));
                        // Gogo's refresh, update, start and stop as they should behave, in their place (only here: Karaf
                        // has its own) through the same checks as Plate's commands: one-line errors, not Gogo's
                        // "Cannot coerce stop(Token)" or a class name
                        FrameworkCommands framework = new FrameworkCommands(context);
                        for (String fn : FrameworkCommands.FUNCTIONS) {
                            Function checked = (session, args) -> {
                                FrameworkCommands.checkGiven(fn, args);
                                return run("felix", fn, framework, session, args);
                            };
                            helps.add(context.registerService(Function.class, checked, properties("felix", fn, null)));
                        }
                        fronts.keySet().forEach(CommandFunctions.this::frontInternal);
                    }
                }
                return ref;
            }

            @Override
            public void removedService(ServiceReference<Object> ref, Object service) {
                if (size() == 0) {
                    unregisterHelps();
                    fronts.values().forEach(regs -> regs.forEach(CommandFunctions.this::describeLater));
                }
            }
        };
        gogoHelp.open(); // first, so that the commands' fronts know whether Plate answers help
        tracker.open();
        this.fileCommands = new GogoFileCommands(context);
        fileCommands.open();
    }

    @Deactivate
    void deactivate() {
        describer.shutdownNow();
        fileCommands.close();
        gogoHelp.close();
        tracker.close();
        unregisterHelps();
    }

    private void unregisterHelps() {
        synchronized (helps) {
            helps.forEach(CommandFunctions::unregister);
            helps.clear();
            internalFronts.values().forEach(regs -> regs.forEach(f -> unregister(f.registration())));
            internalFronts.clear();
        }
    }

    static Dictionary<String, Object> properties(String scope, String function, String description) {
        Dictionary<String, Object> p = new Hashtable<>();
        p.put(CommandProcessor.COMMAND_SCOPE, scope);
        p.put(CommandProcessor.COMMAND_FUNCTION, function);
        p.put(Constants.SERVICE_RANKING, RANKING);
        p.put(CHECKED, Boolean.TRUE);
        if (description != null) {
            p.put("osgi.command.description", description); // what Karaf's help lists
        }
        return p;
    }

    /** A registered function of a command service. */
    private record Front(ServiceReference<Object> command, String fn, ServiceRegistration<?> registration) {
    }

    private void front(ServiceReference<Object> ref) {
        List<Front> regs = new ArrayList<>();
        List<String> internalFns = strings(ref.getProperty(INTERNAL));
        internal.addAll(internalFns);
        for (String fn : functions(ref)) {
            commands.put(fn, ref);
            if (!internalFns.contains(fn)) {
                Front front = register(ref, fn);
                regs.add(front);
                describeLater(front);
            }
        }
        fronts.put(ref, regs);
        frontInternal(ref);
    }

    private Front register(ServiceReference<Object> ref, String fn) {
        Function checked = (session, args) -> run(ref, fn, session, args);
        return new Front(ref, fn, context.registerService(Function.class, checked, properties(SCOPE, fn, null)));
    }

    /** Registers the command's internal functions, once, if Plate answers help (see the class comment). */
    private void frontInternal(ServiceReference<Object> ref) {
        synchronized (helps) {
            if (helps.isEmpty() || internalFronts.containsKey(ref) || !fronts.containsKey(ref)) {
                return;
            }
            List<Front> regs = new ArrayList<>();
            List<String> internalFns = strings(ref.getProperty(INTERNAL));
            for (String fn : functions(ref)) {
                if (internalFns.contains(fn)) {
                    regs.add(register(ref, fn));
                }
            }
            internalFronts.put(ref, regs);
        }
    }

    /**
     * Adds the function's description for a console whose help lists it (Apache Karaf's), unless Plate answers
     * help itself (Felix Gogo), which reads the descriptions when asked. It needs the command's class loaded
     * and its methods' types resolved, which would keep a start waiting 40-70 ms: it is done on a thread of
     * its own.
     */
    private void describeLater(Front front) {
        synchronized (helps) {
            if (!helps.isEmpty()) {
                return;
            }
        }
        try {
            describer.execute(() -> {
                String d = description(front.command(), front.fn());
                if (d != null) {
                    try {
                        front.registration().setProperties(properties(SCOPE, front.fn(), d));
                    } catch (IllegalStateException gone) {
                        // the command went away meanwhile
                    }
                }
            });
        } catch (RejectedExecutionException stopping) {
            // deactivated meanwhile: no description is needed
        }
    }

    /** The {@code @Descriptor} of the command's method, read from its class (the component stays inactive). */
    private static String description(ServiceReference<Object> ref, String fn) {
        try {
            String type = ((String[]) ref.getProperty(Constants.OBJECTCLASS))[0];
            for (CommandUsage u : usages(ref.getBundle().loadClass(type), fn)) {
                Descriptor d = u.method().getAnnotation(Descriptor.class);
                if (d != null) {
                    return d.value();
                }
            }
        } catch (ClassNotFoundException | RuntimeException e) {
            // no description: the command itself still runs
        }
        return null;
    }

    private void unfront(ServiceReference<Object> ref) {
        commands.values().removeIf(ref::equals);
        internal.retainAll(commands.keySet());
        List<Front> regs = fronts.remove(ref);
        if (regs != null) {
            regs.forEach(f -> unregister(f.registration()));
        }
        synchronized (helps) {
            List<Front> internalRegs = internalFronts.remove(ref);
            if (internalRegs != null) {
                internalRegs.forEach(f -> unregister(f.registration()));
            }
        }
    }

    static void unregister(ServiceRegistration<?> r) {
        try {
            r.unregister();
        } catch (IllegalStateException gone) {
            // already unregistered with its bundle
        }
    }

    /** The functions a command service declares ({@link PlateCommand}). */
    static List<String> functions(ServiceReference<?> ref) {
        return strings(ref.getProperty(COMMAND));
    }

    /** A service property of one or more strings as a list. */
    static List<String> strings(Object property) {
        List<String> out = new ArrayList<>();
        if (property instanceof String[]) {
            out.addAll(List.of((String[]) property));
        } else if (property != null) {
            out.add(property.toString());
        }
        return out;
    }

    /** The commands users are offered (listed by help, suggested for a typo): all but the internal ones, sorted. */
    private java.util.SortedSet<String> offered() {
        java.util.SortedSet<String> out = new java.util.TreeSet<>(commands.keySet());
        out.removeAll(internal);
        return out;
    }

    /** Whether the shell bundle is stopping (its converter, {@link PlateConverter}, is gone or going). */
    private static boolean stopping() {
        Bundle shell = FrameworkUtil.getBundle(CommandFunctions.class);
        return shell != null && shell.getState() != Bundle.ACTIVE;
    }

    /** Runs {@code plate:fn} after checking its words. */
    private Object run(ServiceReference<Object> ref, String fn, CommandSession session, List<Object> args)
            throws Exception {
        Object target = context.getService(ref);
        if (target == null) {
            throw new CommandException(SCOPE + ":" + fn + " is not available (its bundle stopped meanwhile)");
        }
        try {
            return run(SCOPE, fn, target, session, args);
        } finally {
            try {
                context.ungetService(ref);
            } catch (IllegalStateException stopping) {
                // the shell bundle is stopping
            }
        }
    }

    /**
     * Runs {@code scope:fn} of {@code target} after checking its words. In a Gogo background job ({@code &}) it
     * prints the failure's line and the result itself: Felix Gogo's shell prints neither for a job (only
     * "[1] done"), where Karaf's console, which has its own help and so no {@link #helps}, prints both.
     */
    private Object run(String scope, String fn, Object target, CommandSession session, List<Object> args)
            throws Exception {
        BackgroundJob job = BackgroundJob.current(gogoShell());
        try {
            Object result = call(scope, fn, target, session, args);
            job.printResult(session, result);
            return result;
        } catch (Exception e) {
            job.printFailure(e);
            throw e;
        }
    }

    /** Whether Felix Gogo's shell runs the commands (its help is here, see the class comment), not Karaf's. */
    private boolean gogoShell() {
        synchronized (helps) {
            return !helps.isEmpty();
        }
    }

    private Object call(String scope, String fn, Object target, CommandSession session, List<Object> args)
            throws Exception {
        int columns = SessionColumns.output(session);
        try {
            List<CommandUsage> usages = usages(target.getClass(), scope, fn);
            if (usages.stream().anyMatch(u -> u.asksForHelp(args))) {
                // printed, not returned: Karaf's `help plate:X` runs `plate:X --help` and shows what it printed
                System.out.print(TextTable.wrap(CommandUsage.help(usages), columns));
                return null;
            }
            CommandUsage usage = fitting(usages, args, this::parameterNames);
            TextTable.terminalColumns(columns);
            Object result = usage.invoke(session, target, args);
            // a returned text (plate:params' heading, a message) broken between words, as reports are by
            // PlateConverter; tables built here already fit. A command that returns while the shell stops (a run
            // under -c stopped by Ctrl-C, which ends the framework) has no converter left to print its value:
            // it returns the value's text, fitted the same way (to the terminal's width now: it may have been resized)
            if (result instanceof String text) {
                return TextTable.wrap(text, columns);
            }
            if (result != null && stopping()) {
                String text = String.valueOf(result);
                try {
                    return TextTable.wrap(text, SessionColumns.output(session));
                } catch (RuntimeException e) { // the session went with the framework: the text as it is
                    return text;
                }
            }
            return result;
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception | OutOfMemoryError e) {
            // printed where errors go
            throw CommandError.of(e, scope + ":" + fn, args).fitted(SessionColumns.error(session));
        } finally {
            TextTable.terminalColumns(0);
        }
    }

    /** The first usage {@code args} fit, or a {@link CommandError} naming what is wrong, with the usage lines. */
    static CommandUsage fitting(List<CommandUsage> usages, List<Object> args) {
        return fitting(usages, args, CommandUsage.ParameterNames.NONE);
    }

    /** As {@link #fitting(List, List)}, answering {@code --NAME} with {@code NAME=VALUE} for the {@code parameters}. */
    static CommandUsage fitting(List<CommandUsage> usages, List<Object> args, CommandUsage.ParameterNames parameters) {
        String problem = null;
        for (CommandUsage u : usages) {
            String p = u.problem(args, parameters);
            if (p == null) {
                return u;
            }
            problem = problem == null ? p : problem;
        }
        throw new CommandException(problem + "\n" + usageLines(usages));
    }

    /** The parameter names of the installed learner or sampler (best ranked) of that name; empty when none is. */
    private java.util.Set<String> parameterNames(String kind, String name) {
        try {
            List<ParamSpec> specs = switch (kind) {
                case "LEARNER" -> specs(Learner.class, Learner.NAME, name, Learner::parameters);
                case "SAMPLER" -> specs(Sampler.class, Sampler.NAME, name, Sampler::parameters);
                default -> List.of();
            };
            java.util.Set<String> names = new java.util.HashSet<>();
            specs.forEach(p -> names.add(p.name()));
            return names;
        } catch (InvalidSyntaxException | RuntimeException e) {
            return java.util.Set.of(); // only advice: without it the unknown option is answered as any other
        }
    }

    private <S> List<ParamSpec> specs(Class<S> type, String property, String name,
            java.util.function.Function<S, List<ParamSpec>> read) throws InvalidSyntaxException {
        ServiceReference<S> ref = ServicePreference.named(context.getServiceReferences(type, null),
                ServiceReference::getProperty, property, name).orElse(null);
        S service = ref == null ? null : context.getService(ref);
        if (service == null) {
            return List.of();
        }
        try {
            return read.apply(service);
        } finally {
            context.ungetService(ref);
        }
    }

    private static String usageLines(List<CommandUsage> usages) {
        StringBuilder s = new StringBuilder();
        for (CommandUsage u : usages) {
            s.append(s.length() == 0 ? "" : "\n").append(u.usage());
        }
        return s.toString();
    }

    /** Every registered {@code plate:*} function and the class of its command, in name order. */
    static Map<String, Class<?>> commandTypes(BundleContext context) throws InvalidSyntaxException {
        Map<String, Class<?>> out = new java.util.TreeMap<>();
        ServiceReference<?>[] refs = context.getAllServiceReferences(null, "(" + COMMAND + "=*)");
        for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
            try {
                Class<?> type = ref.getBundle().loadClass(((String[]) ref.getProperty(Constants.OBJECTCLASS))[0]);
                for (String fn : functions(ref)) {
                    out.put(fn, type);
                }
            } catch (ClassNotFoundException | IllegalStateException e) {
                // a command whose bundle is gone meanwhile: nothing to complete
            }
        }
        return out;
    }

    /** The internal functions ({@link PlateInternalCommand}) of every registered command, as after {@code plate:}. */
    static java.util.Set<String> internalFunctions(BundleContext context) throws InvalidSyntaxException {
        java.util.Set<String> out = new java.util.TreeSet<>();
        ServiceReference<?>[] refs = context.getAllServiceReferences(null, "(" + INTERNAL + "=*)");
        for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
            out.addAll(strings(ref.getProperty(INTERNAL)));
        }
        return out;
    }

    /** The usages of the public methods Gogo would call for {@code fn} ({@code fn} or {@code _fn}). */
    static List<CommandUsage> usages(Class<?> type, String fn) {
        return usages(type, SCOPE, fn);
    }

    static List<CommandUsage> usages(Class<?> type, String scope, String fn) {
        List<CommandUsage> out = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && (m.getName().equals(fn) || m.getName().equals("_" + fn))) {
                out.add(new CommandUsage(scope + ":" + fn, m));
            }
        }
        return out;
    }

    /** A name that is no command (Gogo passes it first): says so, with the nearest command name if one is close. */
    private Object notFound(CommandSession session, List<Object> args) {
        String name = String.valueOf(args.isEmpty() ? "" : args.get(0));
        List<String> near = NearestName.all(name.substring(name.indexOf(':') + 1), offered()).stream()
                .map(n -> SCOPE + ":" + n).toList();
        throw new CommandException("command not found: " + name + (near.isEmpty() ? "; 'help' lists the commands"
                : "; did you mean " + NearestName.either(near) + "?")).fitted(SessionColumns.error(session));
    }

    /** Plate's commands with the first clause of each description, for {@code help} without a name. */
    private String commandList() {
        TextTable t = new TextTable("command", "what it does");
        for (String fn : offered()) {
            ServiceReference<Object> ref = commands.get(fn);
            String d = ref == null ? null : description(ref, fn);
            t.row(SCOPE + ":" + fn, d == null ? "" : d.split("; ", 2)[0]);
        }
        return "Plate's commands ('help plate:NAME' explains one):\n" + t;
    }

    /**
     * The {@link FrameworkCommands} function {@code name} names ({@code start} or {@code felix:start}), or null. Gogo's
     * help finds a command by the methods of a service registered under its name, which these functions lack: it
     * answered {@code help start} with "no command start", or with Gogo's own options the replacement does not take.
     */
    private static String frameworkFunction(String name) {
        String fn = name.startsWith("felix:") ? name.substring("felix:".length()) : name;
        return List.of(FrameworkCommands.FUNCTIONS).contains(fn) ? fn : null;
    }

    /** Gogo's list of commands (one name a line) with the {@link FrameworkCommands} in it, which it left out (above). */
    private static String withFrameworkCommands(String list) {
        java.util.SortedSet<String> names = new java.util.TreeSet<>(list.lines().filter(l -> !l.isBlank()).toList());
        for (String fn : FrameworkCommands.FUNCTIONS) {
            names.add("felix:" + fn);
        }
        return String.join("\n", names) + "\n";
    }

    /** {@code help} and {@code help NAME}: Plate's commands here, everything else through Gogo's help. */
    private Object help(CommandSession session, List<Object> args) throws Exception {
        try {
            Object out = helpText(session, args);
            return out instanceof String text ? TextTable.wrap(text, SessionColumns.output(session)) : out;
        } catch (CommandError e) {
            throw e.fitted(SessionColumns.error(session));
        }
    }

    private Object helpText(CommandSession session, List<Object> args) throws Exception {
        if (args.isEmpty()) {
            // Gogo's list prints the commands of command objects only: Plate's functions were not in it
            int before = TextTable.terminalColumns();
            TextTable.terminalColumns(SessionColumns.output(session));
            try {
                System.out.print(commandList() + "\nOther commands:\n");
            } finally {
                TextTable.terminalColumns(before);
            }
        }
        if (args.size() == 1) {
            String name = args.get(0).toString();
            String fn = name.startsWith(SCOPE + ":") ? name.substring(SCOPE.length() + 1) : name;
            ServiceReference<Object> ref = commands.get(fn);
            if (ref != null && (name.startsWith(SCOPE + ":") || name.indexOf(':') < 0)) {
                Object target = context.getService(ref);
                if (target != null) {
                    try {
                        return CommandUsage.help(usages(target.getClass(), fn));
                    } finally {
                        context.ungetService(ref);
                    }
                }
            }
            String framework = frameworkFunction(name);
            if (framework != null) {
                return CommandUsage.help(usages(FrameworkCommands.class, "felix", framework));
            }
            if (name.startsWith(SCOPE + ":")) {
                throw new CommandException("help: no command " + name + "; Plate's commands: "
                        + String.join(", ", offered().stream().map(c -> SCOPE + ":" + c).toList()));
            }
        }
        ServiceReference<?>[] refs = context.getAllServiceReferences(null, GOGO_HELP);
        Object original = refs == null || refs.length == 0 ? null : context.getService(refs[0]);
        if (original == null) {
            throw new CommandException("help: Gogo's help command is not installed");
        }
        try {
            Object out = original instanceof Function f ? f.execute(session, args)
                    : fitting(usages(original.getClass(), "felix", "help"), args).invoke(session, original, args);
            if (out != null && out.toString().startsWith("No methods found matching")) {
                String name = String.valueOf(args.get(0));
                String fn = name.substring(name.indexOf(':') + 1);
                boolean command = !fn.isEmpty() && fn.chars().allMatch(ch -> Character.isLetterOrDigit(ch) || ch == '-' || ch == '_')
                        && context.getAllServiceReferences(null, "(" + CommandProcessor.COMMAND_FUNCTION + "=" + fn + ")") != null;
                if (!command) {
                    throw new CommandException("help: no command " + name);
                }
                return session.execute(name + " --help"); // Gogo's Posix commands (cat, grep …) describe only themselves
            }
            return args.isEmpty() && out instanceof String list ? withFrameworkCommands(list) : out;
        } finally {
            context.ungetService(refs[0]);
        }
    }
}

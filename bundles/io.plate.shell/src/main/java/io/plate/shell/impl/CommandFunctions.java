package io.plate.shell.impl;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.felix.gogo.runtime.Reflective;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.Filter;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Puts a checking front on every {@code plate:*} command: for each function of each command service
 * (scope {@code plate}) a Gogo {@link Function} of higher ranking is registered under the same name. It
 * checks the words against the command's {@link CommandUsage} and answers a wrong call with the
 * command's own usage line (an unknown option with the nearest name, a missing or extra argument)
 * instead of Gogo's {@code Cannot coerce …}; then it calls the command as Gogo would, and reports a
 * failure as a {@link CommandError} (its message, no class name). It also answers {@code help} for
 * Plate's commands under the names users type ({@code plate:import}, not the Java method
 * {@code _import}) and fails on a command that does not exist; other names go to Gogo's own help.
 * Command services stay delayed: only their properties are read until a command runs.
 */
@Component(immediate = true)
public final class CommandFunctions {
    static final String SCOPE = "plate";
    /** Marks the services registered here, so that the tracker does not wrap them again. */
    static final String CHECKED = "plate.command.checked";
    private static final int RANKING = 100;

    private final BundleContext context;
    private final Map<String, ServiceReference<Object>> commands = new ConcurrentHashMap<>();
    private final Map<ServiceReference<Object>, List<ServiceRegistration<?>>> fronts = new ConcurrentHashMap<>();
    private final List<ServiceRegistration<?>> helps = new ArrayList<>();
    private final ServiceTracker<Object, Object> tracker;

    @Activate
    public CommandFunctions(BundleContext context) throws InvalidSyntaxException {
        this.context = context;
        Filter f = context.createFilter("(&(osgi.command.scope=" + SCOPE + ")(osgi.command.function=*)(!(" + CHECKED
                + "=*)))");
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
        tracker.open();
        for (String scope : List.of("felix", "gogo")) {
            helps.add(context.registerService(Function.class, this::help, properties(scope, "help")));
        }
    }

    @Deactivate
    void deactivate() {
        tracker.close();
        for (ServiceRegistration<?> r : helps) {
            unregister(r);
        }
    }

    private static Dictionary<String, Object> properties(String scope, String function) {
        Dictionary<String, Object> p = new Hashtable<>();
        p.put("osgi.command.scope", scope);
        p.put("osgi.command.function", function);
        p.put(Constants.SERVICE_RANKING, RANKING);
        p.put(CHECKED, Boolean.TRUE);
        return p;
    }

    private void front(ServiceReference<Object> ref) {
        List<ServiceRegistration<?>> regs = new ArrayList<>();
        for (String fn : functions(ref)) {
            commands.put(fn, ref);
            Function checked = (session, args) -> run(ref, fn, session, args);
            regs.add(context.registerService(Function.class, checked, properties(SCOPE, fn)));
        }
        fronts.put(ref, regs);
    }

    private void unfront(ServiceReference<Object> ref) {
        commands.values().removeIf(ref::equals);
        List<ServiceRegistration<?>> regs = fronts.remove(ref);
        if (regs != null) {
            regs.forEach(CommandFunctions::unregister);
        }
    }

    private static void unregister(ServiceRegistration<?> r) {
        try {
            r.unregister();
        } catch (IllegalStateException gone) {
            // already unregistered with its bundle
        }
    }

    private static List<String> functions(ServiceReference<?> ref) {
        Object f = ref.getProperty("osgi.command.function");
        List<String> out = new ArrayList<>();
        if (f instanceof String[]) {
            out.addAll(List.of((String[]) f));
        } else if (f != null) {
            out.add(f.toString());
        }
        return out;
    }

    /** Runs {@code plate:fn} after checking its words. */
    private Object run(ServiceReference<Object> ref, String fn, CommandSession session, List<Object> args)
            throws Exception {
        Object target = context.getService(ref);
        if (target == null) {
            throw new CommandError(SCOPE + ":" + fn + " is not available (its bundle stopped meanwhile)");
        }
        try {
            List<CommandUsage> usages = usages(target.getClass(), fn);
            String problem = null;
            for (CommandUsage u : usages) {
                String p = u.problem(args);
                if (p == null) {
                    problem = null;
                    break;
                }
                problem = problem == null ? p : problem;
            }
            if (problem != null) {
                throw new CommandError(problem + "\n" + usageLines(usages));
            }
            TextTable.WIDTH.set(ProgressPrinter.columns(session));
            try {
                return Reflective.invoke(session, target, fn, new ArrayList<>(args));
            } catch (IllegalArgumentException e) {
                if (String.valueOf(e.getMessage()).startsWith("Cannot coerce")) {
                    throw new CommandError(SCOPE + ":" + fn + ": the arguments do not fit\n" + usageLines(usages), e);
                }
                throw CommandError.of(e);
            }
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw CommandError.of(e);
        } finally {
            TextTable.WIDTH.remove();
            try {
                context.ungetService(ref);
            } catch (IllegalStateException stopping) {
                // the shell bundle is stopping
            }
        }
    }

    private static String usageLines(List<CommandUsage> usages) {
        StringBuilder s = new StringBuilder();
        for (CommandUsage u : usages) {
            s.append(s.length() == 0 ? "" : "\n").append(u.usage());
        }
        return s.toString();
    }

    /** The usages of the public methods Gogo would call for {@code fn} ({@code fn} or {@code _fn}). */
    static List<CommandUsage> usages(Class<?> type, String fn) {
        List<CommandUsage> out = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && (m.getName().equals(fn) || m.getName().equals("_" + fn))) {
                out.add(new CommandUsage(SCOPE + ":" + fn, m));
            }
        }
        return out;
    }

    /** {@code help} and {@code help NAME}: Plate's commands here, everything else through Gogo's help. */
    private Object help(CommandSession session, List<Object> args) throws Exception {
        if (args.size() == 1) {
            String name = args.get(0).toString();
            String fn = name.startsWith(SCOPE + ":") ? name.substring(SCOPE.length() + 1) : name;
            ServiceReference<Object> ref = commands.get(fn);
            if (ref != null && (name.startsWith(SCOPE + ":") || name.indexOf(':') < 0)) {
                Object target = context.getService(ref);
                if (target != null) {
                    try {
                        StringBuilder s = new StringBuilder();
                        for (CommandUsage u : usages(target.getClass(), fn)) {
                            s.append(s.length() == 0 ? "" : "\n").append(u.help());
                        }
                        return s.toString();
                    } finally {
                        context.ungetService(ref);
                    }
                }
            }
            if (name.startsWith(SCOPE + ":")) {
                throw new CommandError("help: no command " + name + "; Plate's commands: "
                        + String.join(", ", new TreeMap<>(commands).keySet().stream().map(c -> SCOPE + ":" + c)
                                .toList()));
            }
        }
        ServiceReference<?>[] refs = context.getAllServiceReferences(null,
                "(&(osgi.command.scope=felix)(osgi.command.function=help)(!(" + CHECKED + "=*)))");
        Object original = refs == null || refs.length == 0 ? null : context.getService(refs[0]);
        if (original == null) {
            throw new CommandError("help: Gogo's help command is not installed");
        }
        try {
            Object out = Reflective.invoke(session, original, "help", new ArrayList<>(args));
            if (out != null && out.toString().startsWith("No methods found matching")) {
                throw new CommandError("help: no command " + args.get(0));
            }
            return out;
        } finally {
            context.ungetService(refs[0]);
        }
    }
}

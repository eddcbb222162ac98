package io.plate.shell.impl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * {@code plate:completions}: tab completion of every {@code plate:*} command's options, made from the
 * same parameter declarations as its usage line ({@link CommandUsage#completions}), so that no option can
 * be missing from completion. The shell's profile runs it once; names of arguments (learners, datasets,
 * runs) are completed by {@code plate:names}.
 */
@Component(service = CompletionCommands.class)
@PlateCommand({"completions"})
@PlateInternalCommand({"completions"})
public final class CompletionCommands {
    private final BundleContext context;

    @Activate
    public CompletionCommands(BundleContext context) {
        this.context = context;
    }

    @Descriptor("register tab completion of every plate command's options in this shell (the profile runs it)")
    public String completions(CommandSession session) throws Exception {
        if (session.get(COMPLETIONS) == null) {
            // Gogo keeps completions only in an interactive shell's session (-c, scripts, piped input have none)
            return "no completion here: tab completion is for the interactive shell";
        }
        for (String line : lines(commandTypes())) {
            session.execute(line);
        }
        return null;
    }

    /** The session variable in which Gogo's interactive shell keeps its completions ({@code Shell.VAR_COMPLETIONS}). */
    static final String COMPLETIONS = ".completions";

    /** The {@code complete} lines of every function of {@code types} (function name: its command class). */
    static List<String> lines(Map<String, Class<?>> types) {
        List<String> out = new ArrayList<>();
        types.forEach((fn, type) -> {
            List<String> seen = new ArrayList<>();
            for (CommandUsage u : CommandFunctions.usages(type, fn)) {
                for (String l : u.completions()) {
                    if (!seen.contains(l)) {
                        seen.add(l);
                    }
                }
            }
            out.addAll(seen);
        });
        return out;
    }

    /** Every registered {@code plate:*} function and the class of its command, in name order. */
    private Map<String, Class<?>> commandTypes() throws InvalidSyntaxException {
        Map<String, Class<?>> out = new TreeMap<>();
        ServiceReference<?>[] refs = context.getAllServiceReferences(null, "(" + CommandFunctions.COMMAND + "=*)");
        for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
            try {
                Class<?> type = ref.getBundle().loadClass(((String[]) ref.getProperty(Constants.OBJECTCLASS))[0]);
                for (String fn : CommandFunctions.functions(ref)) {
                    out.put(fn, type);
                }
            } catch (ClassNotFoundException | IllegalStateException e) {
                // a command whose bundle is gone meanwhile: nothing to complete
            }
        }
        return out;
    }
}

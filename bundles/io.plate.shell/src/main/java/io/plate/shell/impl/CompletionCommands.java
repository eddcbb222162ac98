package io.plate.shell.impl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
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
        for (String line : lines(CommandFunctions.commandTypes(context))) {
            session.execute(line);
        }
        hideInternalCommands(session);
        return null;
    }

    /** Wraps the completer of the shell's line reader so that the first word is not offered the internal commands. */
    private void hideInternalCommands(CommandSession session) throws InvalidSyntaxException {
        if (!(session.get(".reader") instanceof LineReader reader)) {
            return;
        }
        try { // LineReader has no getter or setter of its completer; JLine's implementation has both
            Object completer = reader.getClass().getMethod("getCompleter").invoke(reader);
            if (completer instanceof Completer gogo && !(completer instanceof OfferedCommands)) {
                reader.getClass().getMethod("setCompleter", Completer.class).invoke(reader,
                        new OfferedCommands(gogo, CommandFunctions.internalFunctions(context)));
            }
        } catch (ReflectiveOperationException e) {
            // another reader: the internal commands stay offered, and still run
        }
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
}

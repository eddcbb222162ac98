package io.plate.shell.impl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * The interactive shell's completion without Plate's internal commands ({@link PlateInternalCommand}): Gogo
 * offers every registered function for the first word, {@code plate:banner} and {@code plate:names} too,
 * which the profile calls for itself and which help does not list. Other words complete as before.
 */
final class OfferedCommands implements Completer {
    private final Completer gogo;
    private final Set<String> internal;

    /** {@code internal}: the hidden functions as after {@code plate:} ({@code banner}). */
    OfferedCommands(Completer gogo, Set<String> internal) {
        this.gogo = gogo;
        this.internal = Set.copyOf(internal);
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        if (line.wordIndex() != 0) {
            gogo.complete(reader, line, candidates);
            return;
        }
        List<Candidate> all = new ArrayList<>();
        gogo.complete(reader, line, all);
        // Gogo offers plate:banner and, under the same key, banner: both go
        Set<String> hiddenKeys = new HashSet<>();
        for (Candidate c : all) {
            if (isInternal(c.value()) && c.key() != null) {
                hiddenKeys.add(c.key());
            }
        }
        for (Candidate c : all) {
            if (!isInternal(c.value()) && (c.key() == null || !hiddenKeys.contains(c.key()))) {
                candidates.add(c);
            }
        }
    }

    private boolean isInternal(String command) {
        return command.startsWith(CommandFunctions.SCOPE + ":")
                && internal.contains(command.substring(CommandFunctions.SCOPE.length() + 1));
    }
}

package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.Test;

/** Tab on the first word offers no internal command (plate:banner, plate:names were listed). */
class OfferedCommandsTest {
    /** What Gogo's completer offers: each function under its full name and, with the same key, its short one. */
    private static final Completer GOGO = (reader, line, candidates) -> {
        for (String fn : List.of("banner", "learners", "names")) {
            candidates.add(new Candidate("plate:" + fn, "plate:" + fn, null, null, null, fn, true));
            candidates.add(new Candidate(fn, fn, null, null, null, fn, true));
        }
        candidates.add(new Candidate("lb", "lb", null, null, null, "lb", true));
    };

    private static List<String> offered(String typed) {
        List<Candidate> out = new ArrayList<>();
        new OfferedCommands(GOGO, Set.of("banner", "names")).complete(null, new DefaultParser().parse(typed, typed.length()), out);
        return out.stream().map(Candidate::value).toList();
    }

    @Test
    void theFirstWordIsOfferedNoInternalCommand() {
        assertEquals(List.of("plate:learners", "learners", "lb"), offered("plate:"));
    }

    @Test
    void laterWordsAreCompletedAsGogoDoes() {
        assertEquals(6 + 1, offered("plate:train ").size());
    }
}

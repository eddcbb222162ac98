package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
    /** --version runs plate:version alone, whatever else the line asks (it was refused, exit status 2). */
    @Test
    void versionIsPlateVersionAlone() {
        for (String[] args : List.of(new String[] {"--version"}, new String[] {"-V"},
                new String[] {"-c", "plate:learners", "--version"}, new String[] {"--version", "script.gosh"})) {
            LaunchOptions o = LaunchOptions.parse(args);
            assertEquals(List.of("plate:version"), o.commands, String.join(" ", args));
            assertNull(o.script);
        }
    }

    /** The help names --version, and no line of it is broken by a terminal of 80 columns. */
    @Test
    void helpNamesVersionAndFitsEightyColumns() {
        String usage = LaunchOptions.usage();
        assertTrue(usage.contains("  -V, --version "), usage);
        usage.lines().forEach(l -> assertTrue(l.length() < 80, l.length() + ": " + l));
    }

    /** A mistyped option is told the one it may mean; one near none of them points to --help alone. */
    @Test
    void aMistypedOptionIsToldTheNearestOne() {
        assertEquals("unknown option '--feature' (did you mean --features?; see --help)", org.junit.jupiter.api.Assertions
                .assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(new String[] {"--feature", "x"}))
                .getMessage());
        assertEquals("unknown option '--conifg=a.cfg' (did you mean --config?; see --help)", org.junit.jupiter.api.Assertions
                .assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(new String[] {"--conifg=a.cfg"}))
                .getMessage());
        assertEquals("unknown option '--no-such-option' (see --help)", org.junit.jupiter.api.Assertions
                .assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(new String[] {"--no-such-option"}))
                .getMessage());
    }
}

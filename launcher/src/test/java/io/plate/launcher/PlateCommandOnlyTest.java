package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which programs run without Gogo's own commands, so that the launcher need not start Gogo's JLine bundle. */
class PlateCommandOnlyTest {
    @Test
    void onePlateCommandWithPlainWords() {
        assertTrue(Main.plateCommandOnly("plate:version"));
        assertTrue(Main.plateCommandOnly("  plate:import data/iris/iris.csv --name iris --label 'the class'  "));
        assertTrue(Main.plateCommandOnly("plate:cluster mixture.gaussian iris k=3 --chains 2"));
    }

    @Test
    void anythingThatMayNeedGogosOwnCommands() {
        for (String p : new String[] {"echo hi", "help", "help plate:train", "lb", "exit 3", "plate:datasets | grep iris",
                "plate:version; echo done", "plate:import $HOME/x.csv", "each [1 2] { plate:version }",
                "plate:learners > out.txt", "plate:version # comment", "plate:version\necho x", "(plate:version)",
                "plate:version & ", "x = plate:version", "plate:import `pwd`/x.csv"}) {
            assertFalse(Main.plateCommandOnly(p), p);
        }
    }
}

package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.junit.jupiter.api.Test;

class CommandUsageTest {
    /** A command shaped like plate:train. */
    public static final class Train {
        @Descriptor("fit a model")
        public String train(CommandSession session,
                @Descriptor("seed") @Parameter(names = {"-s", "--seed"}, absentValue = "") String seed,
                @Descriptor("verbose") @Parameter(names = {"--verbose"}, presentValue = "true", absentValue = "false")
                boolean verbose,
                @Descriptor("learner name") String learner,
                @Descriptor("dataset name") String dataset,
                @Descriptor("parameters") String... params) {
            return "";
        }

        public String learners() {
            return "";
        }
    }

    private static CommandUsage usage(String fn) {
        List<CommandUsage> u = CommandFunctions.usages(Train.class, fn);
        assertEquals(1, u.size());
        return u.get(0);
    }

    @Test
    void usageLineNamesOptionsAndArguments() {
        assertEquals("usage: plate:train [--seed SEED] [--verbose] LEARNER DATASET [PARAMS...]", usage("train").usage());
        assertEquals("usage: plate:learners", usage("learners").usage());
    }

    @Test
    void wellFormedCallsPass() {
        CommandUsage u = usage("train");
        assertNull(u.problem(List.of("nb", "iris")));
        assertNull(u.problem(List.of("--seed", "3", "nb", "iris", "alpha=1", "beta=2")));
        assertNull(u.problem(List.of("--verbose", "nb", "iris")));
        assertNull(u.problem(List.of("nb", "-1"))); // a negative number is an argument, not an option
    }

    @Test
    void wrongCallsAreNamed() {
        CommandUsage u = usage("train");
        assertEquals("plate:train: unknown option '--sed' (did you mean --seed?)", u.problem(List.of("--sed", "1", "nb", "iris")));
        assertEquals("plate:train: unknown option '--zzzzzzzzz'", u.problem(List.of("--zzzzzzzzz", "nb", "iris")));
        assertEquals("plate:train: option --seed needs a value", u.problem(List.of("nb", "iris", "--seed")));
        assertEquals("plate:train: missing DATASET (dataset name)", u.problem(List.of("nb")));
        assertEquals("plate:train: missing LEARNER (learner name)", u.problem(List.of()));
        assertEquals("plate:learners: unexpected argument 'x' (it takes none)", usage("learners").problem(List.of("x")));
    }

    @Test
    void helpListsArgumentsAndOptions() {
        String h = usage("train").help();
        assertTrue(h.startsWith("plate:train - fit a model\nusage: plate:train"), h);
        assertTrue(h.contains("  -s, --seed SEED   seed\n") && h.contains("  LEARNER   learner name\n"), h);
    }

    @Test
    void editDistance() {
        assertEquals(3, CommandUsage.distance("kitten", "sitting"));
        assertEquals(0, CommandUsage.distance("", ""));
        assertEquals(5, CommandUsage.distance("", "abcde"));
    }
}

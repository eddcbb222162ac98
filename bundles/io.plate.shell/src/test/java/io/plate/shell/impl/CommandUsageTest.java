package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.apache.felix.gogo.runtime.CommandProcessorImpl;
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
            return (session != null) + " " + seed + " " + verbose + " " + learner + " " + dataset + " "
                    + String.join(",", params);
        }

        @Descriptor("draw")
        public String draw(@Descriptor("draws") @Parameter(names = {"-n", "--n"}, absentValue = "10") int n,
                @Descriptor("seed") @Parameter(names = {"--seed"}, absentValue = "1") long seed,
                @Descriptor("distribution") Object distribution) {
            return n + " " + seed + " " + distribution + " " + distribution.getClass().getSimpleName();
        }

        @Descriptor("import")
        public String load(@Descriptor("text: drop English stop words")
                @Parameter(names = {"--stop-words"}, presentValue = "true", absentValue = "false") boolean stopWords,
                @Descriptor("format") @Parameter(names = {"--format"}, absentValue = "") String format,
                @Descriptor("file") String file) {
            return file;
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

    /** '--' ends the options, as in POSIX: a dataset or file named -dash is an argument after it. */
    @Test
    void doubleDashEndsTheOptions() throws Exception {
        CommandUsage u = usage("train");
        assertEquals("plate:train: unknown option '-dash'", u.problem(List.of("nb", "-dash")));
        assertNull(u.problem(List.of("--seed", "3", "--", "nb", "-dash", "--x=1")));
        assertEquals("true 3 false nb -dash --x=1", call("train", "--seed", "3", "--", "nb", "-dash", "--x=1"));
        assertEquals("-dash.csv", call("load", "--", "-dash.csv"));
        // an option's value "--" is that value, not the end of the options
        assertEquals("true -- false nb iris ", call("train", "--seed", "--", "nb", "iris"));
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

    /** {@code --stop-words english}, scikit-learn's {@code stop_words='english'}: the flag is named, not "it takes 1". */
    @Test
    void aWordAfterAFlagIsAnsweredAsAValueTheFlagDoesNotTake() {
        CommandUsage u = usage("load");
        String told = "plate:load: --stop-words is a flag and takes no value, not 'english': give --stop-words alone"
                + " (text: drop English stop words)";
        assertEquals(told, u.problem(List.of("x.csv", "--format", "text", "--stop-words", "english")));
        assertEquals(told, u.problem(List.of("--stop-words", "english", "x.csv")));
        assertNull(u.problem(List.of("--stop-words", "x.csv")));
        // a word too many after anything else, or after an option that takes a value, is an argument too many
        assertEquals("plate:load: unexpected argument 'y.csv' (it takes 1)", u.problem(List.of("x.csv", "y.csv")));
        assertEquals("plate:load: unexpected argument 'y.csv' (it takes 1)",
                u.problem(List.of("--format", "csv", "x.csv", "y.csv")));
    }

    /** {@code --k 3} where k is a parameter of the learner named: the answer is its NAME=VALUE form, not "did you mean -s?". */
    @Test
    void anOptionThatIsAParameterOfTheLearnerIsAnsweredWithNameEqualsValue() {
        CommandUsage u = usage("train");
        CommandUsage.ParameterNames nb = (kind, name) -> kind.equals("LEARNER") && name.equals("nb")
                ? java.util.Set.of("k", "alpha") : java.util.Set.of();
        assertEquals("plate:train: parameters are NAME=VALUE: k=3", u.problem(List.of("nb", "iris", "--k", "3"), nb));
        assertEquals("plate:train: parameters are NAME=VALUE: alpha=0.5",
                u.problem(List.of("--seed", "2", "--alpha=0.5", "nb", "iris"), nb));
        assertEquals("plate:train: parameters are NAME=VALUE: k=VALUE", u.problem(List.of("nb", "iris", "--k"), nb));
        // not a parameter of it, or of another learner: the unknown option as before
        assertEquals("plate:train: unknown option '--sed' (did you mean --seed?)",
                u.problem(List.of("nb", "iris", "--sed", "3"), nb));
        assertTrue(u.problem(List.of("other", "iris", "--k", "3"), nb).startsWith("plate:train: unknown option '--k'"));
        // a command without a learner or sampler argument never asks
        assertTrue(usage("draw").problem(List.of("normal", "--k", "3"), (kind, name) -> java.util.Set.of("k"))
                .startsWith("plate:draw: unknown option '--k'"));
    }

    @Test
    void aFilePatternThatMatchedSeveralFilesIsNamed() {
        // Gogo passes a word with * or ? as the list of files it matched
        assertEquals("plate:train: a word matched 4 files (a.csv, b.csv, c.csv, …); give one name, or quote a word"
                + " with * or ? that is not a file pattern",
                usage("train").problem(List.of("nb", List.of("a.csv", "b.csv", "c.csv", "d.csv"))));
    }

    @Test
    void aRepeatedOptionIsNamed() {
        assertEquals("plate:train: option -s given twice", usage("train").problem(List.of("--seed", "1", "-s", "2", "nb", "iris")));
    }

    /** A real Gogo session converts the values, as it does for Gogo's own reflective calls. */
    private static final CommandSession SESSION = new CommandProcessorImpl().createSession(
            new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), new ByteArrayOutputStream());

    private static Object call(String fn, Object... words) throws Exception {
        List<Object> args = List.of(words);
        return CommandFunctions.fitting(CommandFunctions.usages(Train.class, fn), args).invoke(SESSION, new Train(), args);
    }

    @Test
    void optionsFlagsArgumentsAndVarargsAreBoundAsGogoBindsThem() throws Exception {
        assertEquals("true  false nb iris ", call("train", "nb", "iris"));
        assertEquals("true 3 true nb iris a=1,b=2", call("train", "nb", "--verbose", "iris", "-s", "3", "a=1", "b=2"));
        assertEquals("true 3 false nb -1 x=2", call("train", "--seed", "3", "nb", "-1", "x=2"));
    }

    @Test
    void valuesAreConvertedToTheParameterTypes() throws Exception {
        assertEquals("10 1 normal String", call("draw", "normal"));
        assertEquals("5 7 normal String", call("draw", "--n", "5", "normal", "--seed", "7"));
        assertEquals("5 -2 3 Long", call("draw", "-n", 5L, "--seed", "-2", 3L)); // values of Gogo variables
        CommandException e = assertThrows(CommandException.class, () -> call("draw", "--n", "many", "normal"));
        assertTrue(e.getMessage().startsWith("plate:draw: --n must be int, not 'many'\nusage: plate:draw"), e.getMessage());
        assertThrows(CommandException.class, () -> call("draw", "--seed", "1.5", "normal"));
    }

    @Test
    void helpListsArgumentsAndOptions() {
        String h = usage("train").help();
        assertTrue(h.startsWith("plate:train - fit a model\nusage: plate:train"), h);
        assertTrue(h.contains("  -s, --seed SEED   seed\n") && h.contains("  LEARNER   learner name\n"), h);
    }

    /** {@code --help} or {@code -h} as an option word asks for help; as an option's value, or a command's own -h option, it does not. */
    @Test
    void helpOptionWordsAskForHelp() {
        CommandUsage train = usage("train");
        assertTrue(train.asksForHelp(List.of("--help")));
        assertTrue(train.asksForHelp(List.of("nb", "iris", "-h")));
        assertTrue(train.asksForHelp(List.of("--verbose", "--help", "nb")));
        assertFalse(train.asksForHelp(List.of("nb", "iris")));
        assertFalse(train.asksForHelp(List.of("--seed", "--help", "nb", "iris")));
        assertFalse(train.asksForHelp(List.of("nb", "iris", "help")));
        assertFalse(CommandFunctions.usages(OwnH.class, "hist").get(0).asksForHelp(List.of("-h", "3")));
    }

    /** A command with an -h option of its own. */
    public static final class OwnH {
        @Descriptor("histogram")
        public String hist(@Descriptor("bins") @Parameter(names = {"-h", "--bins"}, absentValue = "10") int bins) {
            return "" + bins;
        }
    }

    @Test
    void helpOfSeveralUsagesListsEach() {
        List<CommandUsage> both = List.of(usage("train"), usage("draw"));
        assertEquals(usage("train").help() + "\n" + usage("draw").help(), CommandUsage.help(both));
        assertEquals(usage("train").help(), CommandUsage.help(List.of(usage("train"))));
    }

    @Test
    void editDistance() {
        assertEquals(3, CommandUsage.distance("kitten", "sitting"));
        assertEquals(0, CommandUsage.distance("", ""));
        assertEquals(5, CommandUsage.distance("", "abcde"));
    }

    /**
     * plate:plot's help says what its defaults draw: --feature said "(default: the first)" and --x "first
     * principal component" after theta plots came to show every feature and 2-column data its own axes.
     */
    @Test
    void plotHelpStatesTheDefaultsItDraws() {
        String h = CommandFunctions.usages(PlotCommands.class, "plot").get(0).help();
        assertTrue(h.contains("(default: every feature, past 12 the 12 whose θ differs most between classes)"), h);
        assertTrue(h.contains("(default: the first of two numeric columns, else the first principal component)"), h);
        assertTrue(!h.contains("(default: the first)"), h);
    }
}

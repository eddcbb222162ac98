package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Tab completion offers every option of every plate command's usage: the completion lines are made from
 * the same declarations as the usage and help text, and the profile lists no option by hand.
 */
class CompletionOptionsTest {
    private static final Path REPO = Path.of(System.getProperty("plate.data", "../../data")).toAbsolutePath().getParent();
    private static final Path SOURCES = REPO.resolve("bundles/io.plate.shell/src/main/java/io/plate/shell/impl");

    /** Every function declared with {@code @PlateCommand} in the shell's sources, and its class. */
    private static Map<String, Class<?>> commands() throws IOException, ClassNotFoundException {
        Map<String, Class<?>> out = new TreeMap<>();
        Pattern declared = Pattern.compile("@PlateCommand\\(\\{([^}]*)\\}\\)");
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = declared.matcher(Files.readString(f));
                if (m.find()) {
                    Class<?> type = Class.forName("io.plate.shell.impl." + f.getFileName().toString().replace(".java", ""));
                    for (String fn : m.group(1).split(",")) {
                        out.put(fn.strip().replace("\"", ""), type);
                    }
                }
            }
        }
        return out;
    }

    /** The options the help text of {@code plate:fn} lists (its "options:" section, long names). */
    private static List<String> helpOptions(Class<?> type, String fn) {
        List<String> out = new ArrayList<>();
        for (CommandUsage u : CommandFunctions.usages(type, fn)) {
            boolean options = false;
            for (String line : u.help().split("\n")) {
                if (line.equals("options:")) {
                    options = true;
                } else if (options && line.startsWith("  ")) {
                    Matcher m = Pattern.compile("--([\\w-]+)").matcher(line.substring(0, line.indexOf("   ")));
                    while (m.find()) {
                        out.add(m.group(1));
                    }
                }
            }
        }
        return out;
    }

    @Test
    void everyOptionOfEveryCommandIsCompleted() throws Exception {
        Map<String, Class<?>> commands = commands();
        assertTrue(commands.keySet().containsAll(List.of("cluster", "sample", "plot", "import", "completions")),
                commands.toString());
        List<String> lines = CompletionCommands.lines(commands);
        int checked = 0;
        for (Map.Entry<String, Class<?>> c : commands.entrySet()) {
            for (String option : helpOptions(c.getValue(), c.getKey())) {
                String command = "complete -c plate:" + c.getKey() + " ";
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(command) && l.contains(" -l " + option + " ")
                        && l.endsWith("-n '__option_not_present --" + option + "'")),
                        "plate:" + c.getKey() + " --" + option + " is not completed");
                checked++;
            }
        }
        assertTrue(checked > 40, "options checked: " + checked);
        // the options the new user missed
        for (String o : List.of("checkpoint", "checkpoint-every", "resume")) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("complete -c plate:cluster -l " + o + " ")), o);
        }
    }

    @Test
    void theProfileListsNoOptionByHandAndLoadsTheGeneratedOnes() throws IOException {
        String profile = Files.readString(REPO.resolve("launcher/src/main/resources/io/plate/launcher/plate_profile.gosh"));
        assertFalse(Pattern.compile("complete -c \\S+ -l ").matcher(profile).find(), "an option listed by hand");
        assertTrue(profile.contains("\n  plate:completions\n"), profile);
    }

    @Test
    void descriptionsAreQuotedForGosh() {
        assertEquals("\"it\u2019s \\$HOME \\\"x\\\" a/b\"", CommandUsage.goshQuoted("it's $HOME \"x\" a\\b"));
    }
}

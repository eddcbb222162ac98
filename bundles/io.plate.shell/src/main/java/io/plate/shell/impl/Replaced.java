package io.plate.shell.impl;

import io.plate.api.data.Dataset;
import io.plate.api.sample.Posterior;
import io.plate.api.text.Plural;
import io.plate.api.text.TextTable;

/**
 * What a command says when it keeps a value under a name already in use: the shell replaces it (the one rule
 * of every name it keeps, datasets, models and runs: the newest value wins, as a Python variable assigned
 * again), and tells which value went and how to keep both. One sentence for every command.
 */
final class Replaced {
    private Replaced() {
    }

    /** E.g. {@code 'iris' replaces the dataset of that name kept before (150 rows from iris.csv)}; no brackets when {@code detail} is empty. */
    static String text(String name, String kind, String detail) {
        return "'" + name + "' replaces the " + kind + " of that name kept before" + (detail.isEmpty() ? "" : " (" + detail + ")");
    }

    static String dataset(String name, Dataset old) {
        String from = old.source().isEmpty() ? "" : " from " + old.source();
        return text(name, "dataset", Plural.of(old.rows(), "row") + from);
    }

    /** {@code oldType}: the type of the model replaced (a model kept as a file is known by its type only). */
    static String model(String name, String oldType) {
        return oldType == null ? null : text(name, "model", oldType);
    }

    /** What keeping {@code now} under {@code name} says of the run {@code old} it replaced; null when none or itself. */
    static String run(String name, Posterior now, Posterior old) {
        return old == null || old == now ? null : text(name, "run", old.sampler() + " on " + old.dataset());
    }

    /** A run directory that {@code --out} replaces (a folder holding an earlier run's summary.json), or null. */
    static String runDirectory(String given, java.nio.file.Path dir) {
        return java.nio.file.Files.isRegularFile(dir.resolve("summary.json")) ? text(given, "run directory", "") : null;
    }

    /**
     * Prints {@code what} (a sentence of this class) as the warning line of {@code plate:import}, with how to keep
     * both, e.g. {@code train with --name NAME}; nothing when {@code what} is null (nothing was replaced).
     */
    static void warn(String what, String keepBoth) {
        if (what != null) {
            System.out.print(DataCommands.warningLines(what + ": to keep both, " + keepBoth,
                    TextTable.terminalColumns()));
        }
    }
}

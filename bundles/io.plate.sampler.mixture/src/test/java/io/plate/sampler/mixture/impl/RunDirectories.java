package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The one test of two run directories' equality (resumed against whole runs, Spark against one machine). */
public final class RunDirectories {
    private RunDirectories() {
    }

    /**
     * {@code actual} holds the files of {@code expected}, each line for line the same but summary.json's
     * clock-dependent keys (seconds, sweepsPerSecond, estimate_search_seconds) and the keys in {@code alsoIgnored}.
     */
    public static void assertSame(Path expected, Path actual, String what, String... alsoIgnored) throws IOException {
        List<String> files;
        try (Stream<Path> l = Files.list(expected)) {
            files = l.map(f -> f.getFileName().toString()).sorted().toList();
        }
        try (Stream<Path> l = Files.list(actual)) {
            assertEquals(files, l.map(f -> f.getFileName().toString()).sorted().toList(), what);
        }
        assertTrue(files.contains("assignments.csv") && files.contains("trace.csv"), what + ": " + files);
        StringBuilder keys = new StringBuilder("seconds|sweepsPerSecond|estimate_search_seconds");
        for (String k : alsoIgnored) {
            keys.append('|').append(Pattern.quote(k));
        }
        Pattern ignored = Pattern.compile("\\s*\"(" + keys + ")\" : .*");
        for (String f : files) {
            assertEquals(kept(expected.resolve(f), ignored), kept(actual.resolve(f), ignored), what + ": " + f);
        }
    }

    private static String kept(Path file, Pattern ignored) throws IOException {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.filter(l -> !ignored.matcher(l).matches()).collect(Collectors.joining("\n"));
        }
    }
}

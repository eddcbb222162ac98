package io.plate.importers.impl;

import io.plate.api.data.DocumentFrequency;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which import options each format reads, in one table for every importer: an option given to a format
 * that does not read it is refused, naming the option and what to give instead, rather than ignored
 * (a user who writes {@code --categorical all} for a LibSVM file expects it to do something).
 */
final class FormatOptions {
    static final String CSV = "csv";
    static final String ARFF = "arff";
    static final String LIBSVM = "libsvm";
    static final String TEXT = "text";

    /**
     * One option as the shell spells it, whether {@code options} give it, the formats that read it, and per
     * other format what to give instead (key {@code ""}: for any other format).
     */
    private record Option(String name, Predicate<ImportOptions> given, Set<String> formats, Map<String, String> instead) {
    }

    private static final Set<String> DEFAULT_MISSING = ImportOptions.defaults().missing();
    private static final String TABLE = "for a table of numbers or categories give --format csv";
    private static final String TEXT_WORDS = "they shape the words of a text column: give --format text --text-column NAME";

    private static final List<Option> OPTIONS = List.of(
            new Option("--categorical", o -> !o.categorical().isEmpty(), Set.of(CSV, ARFF, LIBSVM),
                    Map.of(TEXT, "the text importer counts the words of the text column; " + TABLE)),
            new Option("--numeric", o -> !o.numeric().isEmpty(), Set.of(CSV, ARFF, LIBSVM),
                    Map.of(TEXT, "the text importer counts the words of the text column; " + TABLE)),
            new Option("--missing", o -> !o.missing().equals(DEFAULT_MISSING), Set.of(CSV, TEXT),
                    Map.of(ARFF, "ARFF marks a missing value with '?', as Weka does",
                            LIBSVM, "a LibSVM row has no missing value (an index left out is 0)")),
            new Option("--delimiter", o -> o.delimiter().isPresent(), Set.of(CSV, TEXT),
                    Map.of("", "its fields are not delimited; for a delimited table give --format csv")),
            new Option("--min-df", o -> !o.minDocumentFrequency().equals(DocumentFrequency.count(1)), Set.of(TEXT), Map.of(CSV, TEXT_WORDS, "", "it is for --format text")),
            new Option("--max-df", o -> !o.maxDocumentFrequency().equals(DocumentFrequency.proportion(1.0)), Set.of(TEXT), Map.of(CSV, TEXT_WORDS, "", "it is for --format text")),
            new Option("--max-features", o -> o.maxFeatures() != 0, Set.of(TEXT),
                    Map.of(CSV, TEXT_WORDS, "", "it is for --format text")),
            new Option("--binary", ImportOptions::binary, Set.of(TEXT), Map.of(CSV, TEXT_WORDS, "", "it is for --format text")),
            new Option("--stop-words", ImportOptions::stopWords, Set.of(TEXT), Map.of(CSV, TEXT_WORDS, "", "it is for --format text")),
            new Option("--ngram", o -> o.ngramMax() != 1, Set.of(TEXT), Map.of(CSV, TEXT_WORDS, "", "it is for --format text")),
            new Option("lowercase", o -> !o.lowercase(), Set.of(TEXT), Map.of(CSV, TEXT_WORDS, "", "it is for --format text")),
            new Option("--text-column", o -> o.extra().containsKey(TextImporter.TEXT_COLUMN), Set.of(TEXT),
                    Map.of(CSV, "for the words of a text column give --format text --text-column NAME", "", "it is for --format text")),
            new Option("threads", o -> o.extra().containsKey(TextImporter.THREADS), Set.of(TEXT), Map.of("", "it is for --format text")),
            new Option("--n-features", o -> o.extra().containsKey(LibSvmImporter.N_FEATURES), Set.of(LIBSVM),
                    Map.of("", "it is for --format libsvm")),
            new Option("--zero-based", o -> o.extra().containsKey(LibSvmImporter.ZERO_BASED), Set.of(LIBSVM),
                    Map.of("", "it is for --format libsvm")),
            new Option("--values", o -> o.extra().containsKey(LibSvmImporter.VALUES), Set.of(LIBSVM, ARFF),
                    Map.of(CSV, "a column's type comes from its cells, or --numeric COLS and --categorical COLS",
                            TEXT, "the text importer makes word counts")),
            new Option("--ignore", o -> o.extra().containsKey(CsvImporter.IGNORE), Set.of(CSV, ARFF),
                    Map.of("", "it is for --format csv and arff")),
            new Option("--decimal", o -> o.extra().containsKey(CsvImporter.DECIMAL), Set.of(CSV), Map.of("", "it is for --format csv")),
            new Option("--thousands", o -> o.extra().containsKey(NumberStyle.THOUSANDS), Set.of(CSV), Map.of("", "it is for --format csv")),
            new Option("--no-header", o -> o.extra().containsKey(CsvImporter.HEADER), Set.of(CSV, TEXT),
                    Map.of("", "it is for --format csv and text")),
            new Option("--encoding", o -> o.extra().containsKey(Sources.ENCODING), Set.of(CSV, ARFF, TEXT),
                    Map.of(LIBSVM, "a LibSVM file's numbers are ASCII, and its comments are not decoded")));

    private FormatOptions() {
    }

    /**
     * Refuses the first option {@code options} give that {@code format} does not read, and {@code --label}
     * with {@code --no-label}; a LibSVM file's {@code --categorical} and {@code --numeric} may name only its label.
     */
    static void check(Path file, ImportOptions options, String format) {
        if (options.noLabel() && options.label().isPresent()) {
            throw new ImportException(file, 0, null, "both --label " + options.label().get() + " and --no-label given:"
                    + " give one");
        }
        for (Option o : OPTIONS) {
            if (!o.formats().contains(format) && o.given().test(options)) {
                String instead = o.instead().getOrDefault(format, o.instead().get(""));
                throw new ImportException(file, 0, null, o.name() + " does not apply to " + displayName(format) + " files"
                        + (instead == null ? "" : ": " + instead));
            }
        }
        if (format.equals(LIBSVM)) {
            String label = options.label().orElse(LibSvmImporter.LABEL);
            labelOnly(file, "categorical", options.categorical(), label);
            labelOnly(file, "numeric", options.numeric(), label);
        }
    }

    /** Refuses {@code --option} naming anything but the LibSVM {@code label}. */
    private static void labelOnly(Path file, String option, Set<String> named, String label) {
        for (String n : new java.util.TreeSet<>(named)) {
            if (!n.equals(label)) {
                throw new ImportException(file, 0, null, "--" + option + " " + n + " does not apply to LibSVM files: their"
                        + " features are numbers by position (for dense numeric columns give --values numeric); it may"
                        + " name only the label, --" + option + " " + label);
            }
        }
    }

    private static String displayName(String format) {
        switch (format) {
            case CSV:
                return "CSV";
            case ARFF:
                return "ARFF";
            case LIBSVM:
                return "LibSVM";
            default:
                return format;
        }
    }
}

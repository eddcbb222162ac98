package io.plate.spark;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bundles' advice, written for {@code plate:import}'s options, in the jar's own terms: a refusal
 * shown by the jar names no option it does not take ({@code SparkAdviceTest} checks each against the jar's).
 */
final class SparkAdvice {
    /** A shell phrase (as the bundles write it) and what the jar says instead. */
    private record Rewrite(Pattern shell, String jar) {
    }

    private static final List<Rewrite> REWRITES = List.of(
            // NumericBlock, NumericData: a LibSVM file read as counts; the jar reads LibSVM values as counts only
            new Rewrite(Pattern.compile("import the LibSVM file again with --values numeric to read them as numeric"
                    + " columns"), "the jar reads a LibSVM file's values as counts only: convert the file to CSV or"
                    + " Parquet to read them as numeric columns"),
            // MissingColumn: a column of numbers read as levels; on Spark a decimal comma is the usual cause
            new Rewrite(Pattern.compile("import it again with --numeric \\S+ to be told which"),
                    "if its numbers are written with a decimal comma, give --decimal , as for the training file"),
            // MissingColumn: the model's feature read as the label
            new Rewrite(Pattern.compile("import it again with --label COLUMN naming the column to predict, or --no-label"),
                    "give --label COLUMN naming the column to predict, or leave out --label"),
            // ClusteredColumns: the label or target column a mixture leaves out; the jar's cluster takes --no-label too
            new Rewrite(Pattern.compile("\\(import with --no-label to cluster on it too"), "(give --no-label to cluster on it too"),
            new Rewrite(Pattern.compile("to cluster on it too, or with --categorical "),
                    "to cluster on it too, or give --categorical "),
            new Rewrite(Pattern.compile("\\(import with --categorical "), "(give --categorical "),
            // MultinomialCorpus: data without counts for a multinomial mixture; the jar reads them with --format
            new Rewrite(Pattern.compile("\\(import a text corpus, a LibSVM file or a CSV of counts\\)"),
                    "(give --format text or folders for a text corpus, --format libsvm, or a CSV of counts)"),
            // CsvImporter.strayCells: a column of numbers but for a few cells; the jar's --missing is the importer's
            new Rewrite(Pattern.compile("import with --missing "), "run again with --missing "));

    private SparkAdvice() {
    }

    /** {@code message} with the shell's advice put in the jar's options. */
    static String of(String message) {
        String m = message;
        for (Rewrite r : REWRITES) {
            m = r.shell().matcher(m).replaceAll(Matcher.quoteReplacement(r.jar()));
        }
        return m;
    }
}

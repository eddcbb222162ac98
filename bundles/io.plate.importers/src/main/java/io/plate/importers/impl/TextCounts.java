package io.plate.importers.impl;

import io.plate.api.data.DocumentFrequency;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * The text importer's vectoriser for callers that count a corpus by parts without a framework (a Spark
 * job): {@link #count} tokenises documents exactly as the importer does and keeps every word (sorted by
 * code point); the parts' document frequencies and totals, summed, go through {@link #prune}, the
 * importer's own {@code min_df}/{@code max_df}/{@code max_features} rule, to give the vocabulary.
 */
public final class TextCounts {
    /** The vocabulary order: by code point, as the importer and scikit-learn sort words. */
    public static final Comparator<String> WORD_ORDER = CellColumn::compareCodePoints;

    private TextCounts() {
    }

    /**
     * Counts of {@code documents} (one string each, escapes already undone) with the tokens, stop words
     * and n-grams of {@code options}; no word is pruned and counts are not binarised. Null when the
     * documents hold no word.
     */
    public static SparseMatrix count(Iterator<String> documents, ImportOptions options, Path source) {
        ImportOptions all = options.toBuilder().minDf(DocumentFrequency.count(1)).maxDf(DocumentFrequency.proportion(1.0)).maxFeatures(0).binary(false).build();
        CountVectorizer v = new CountVectorizer(all);
        while (documents.hasNext()) {
            char[] text = documents.next().toCharArray();
            v.beginDocument();
            v.addText(text, 0, text.length);
            v.endDocument();
        }
        if (v.terms() == 0) {
            return null;
        }
        return v.finish(source);
    }

    /**
     * Which words (in {@link #WORD_ORDER}) stay, from their document frequencies and total counts over
     * {@code documents} documents.
     *
     * @throws ImportException with the importer's message when none stays
     */
    public static boolean[] prune(int[] df, long[] tf, int documents, ImportOptions options, Path source) {
        return CountVectorizer.prune(df, tf, documents, options, source);
    }

    /** The importer's message for a corpus without words. */
    public static ImportException emptyVocabulary(ImportOptions options, Path source) {
        return new ImportException(source, 0, null, "empty vocabulary: the documents contain no words"
                + (options.stopWords() ? " other than stop words" : ""));
    }

    /** The text of a TSV cell with the importer's escapes ({@code \n \t \r \\}) undone. */
    public static String unescape(String cell) {
        char[] c = cell.toCharArray();
        CharBuf out = new CharBuf(c.length);
        TextImporter.unescape(c, 0, c.length, out);
        return out.toString();
    }

    /** The importer's level order for labels (numbers by value, else by code point). */
    public static List<String> sortedLevels(List<String> texts) {
        Integer[] order = CellColumn.sortedLevelOrder(texts);
        java.util.ArrayList<String> out = new java.util.ArrayList<>(order.length);
        for (Integer i : order) {
            out.add(texts.get(i));
        }
        return out;
    }
}

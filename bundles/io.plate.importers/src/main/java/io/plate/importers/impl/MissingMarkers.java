package io.plate.importers.impl;

import io.plate.api.data.ImportOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The missing markers of an import ({@link ImportOptions#missing()}) matched against cells, and the one
 * warning for a label column that lost cells to the word markers ({@code None}, {@code NA}, {@code null}): a
 * class of that name would be dropped silently. The CSV and text importers both use it.
 */
final class MissingMarkers {
    private final char[][] markers;
    private final Set<String> inUse;

    MissingMarkers(ImportOptions options) {
        this.inUse = options.missing();
        // in text order, so that a warning names the words in the same order at every run (a Set has none)
        this.markers = new java.util.TreeSet<>(inUse).stream().map(String::toCharArray).toArray(char[][]::new);
    }

    /** Number of markers (the size of a counts array for {@link #labelWarning}). */
    int size() {
        return markers.length;
    }

    /** The index of the marker {@code c[s, e)} equals, or -1 when the cell is not missing. */
    int find(char[] c, int s, int e) {
        int len = e - s;
        for (int i = 0; i < markers.length; i++) {
            char[] m = markers[i];
            if (m.length == len && Arrays.equals(m, 0, len, c, s, e)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether marker {@code i} is a word (not the empty cell or {@code ?}), which could be a class's name. */
    boolean word(int i) {
        return markers[i].length > 0 && !(markers[i].length == 1 && markers[i][0] == '?');
    }

    /**
     * A warning when label cells that are words were read as missing ({@code counts[i]}: cells that matched
     * marker {@code i}; null for none), with the fix: the markers in use without those words; else null.
     */
    String labelWarning(String labelName, long[] counts) {
        if (counts == null) {
            return null;
        }
        List<String> words = new ArrayList<>();
        Set<String> kept = new HashSet<>(inUse);
        long rows = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0 && word(i)) {
                String m = new String(markers[i]);
                words.add("'" + m + "' " + counts[i]);
                rows += counts[i];
                kept.remove(m);
            }
        }
        if (words.isEmpty()) {
            return null;
        }
        return String.format(Locale.ROOT, "label column '%s': %,d %s (%s) %s read as missing (pandas'"
                + " markers): if one is a class, import with --missing %s", io.plate.api.text.Visible.name(labelName), rows,
                rows == 1 ? "row" : "rows", String.join(", ", words), rows == 1 ? "is" : "are", CsvImporter.missingList(kept));
    }
}

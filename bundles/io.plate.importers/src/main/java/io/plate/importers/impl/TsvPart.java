package io.plate.importers.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * The documents of one stretch of a TSV corpus: their word counts (a {@link CountVectorizer} of its
 * own) and their labels. A file is read as one part, or as two parts side by side that are then joined
 * with {@link #append}; either way the result is the same.
 */
final class TsvPart {
    /** Column layout read from the header. */
    static final class Layout {
        final int width;
        final int textColumn;
        final int labelColumn; // -1: none
        final String labelName;
        final MissingMarkers missing;
        /** Where the width comes from, for a ragged row's message: the header, or the first line of a file without one. */
        final String widthFrom;

        Layout(int width, int textColumn, int labelColumn, String labelName, MissingMarkers missing, String widthFrom) {
            this.width = width;
            this.widthFrom = widthFrom;
            this.textColumn = textColumn;
            this.labelColumn = labelColumn;
            this.labelName = labelName;
            this.missing = missing;
        }
    }

    final CountVectorizer vectorizer;
    final TermTable labels = new TermTable();
    final IntList codes = new IntList(64);
    /** Labels read as missing, per marker of {@code layout.missing}. */
    final long[] missingLabels;
    /** TSV layout: per label id, the line of its first row and whether that line holds a double quote. */
    final IntList firstLines = new IntList(16);
    final java.util.BitSet quotedFirst = new java.util.BitSet();
    private final Layout layout;
    private final Path file;
    /** Lines consumed from this part's input (including a header line when the part starts with it). */
    long lines;

    TsvPart(ImportOptions options, Layout layout, Path file) {
        this.vectorizer = new CountVectorizer(options);
        this.layout = layout;
        this.missingLabels = new long[layout.missing.size()];
        this.file = file;
    }

    /** Bytes held: word counts and labels. */
    long bytes() {
        return vectorizer.bytes() + labels.bytes() + codes.bytes();
    }

    private final CharBuf text = new CharBuf(256);
    private int[] starts;

    /** Reads documents until the end of {@code in}. Line numbers in errors are those of {@code in}. */
    void read(TextInput in) {
        CharBuf line = new CharBuf(256);
        while (in.readLine(line)) {
            document(line, in.line());
        }
        lines = in.line();
    }

    /** Adds the document of one line of the TSV layout, {@code lineNumber} of the input (a blank line is none). */
    void document(CharBuf line, long lineNumber) {
        int width = layout.width;
        if (starts == null) {
            starts = new int[width + 1];
        }
        if (line.length == 0) {
            return;
        }
        char[] c = line.chars;
        int n = line.length;
        int f = 0;
        starts[0] = 0;
        for (int i = 0; i < n; i++) {
            if (c[i] == '\t') {
                if (++f >= width) {
                    break;
                }
                starts[f] = i + 1;
            }
        }
        if (f != width - 1) {
            int found = f >= width ? countTabs(c, n) + 1 : f + 1;
            throw new ImportException(file, lineNumber, "field " + (found < width ? found + 1 : width + 1),
                    "ragged row: expected " + width + " tab-separated fields as in " + layout.widthFrom + ", found " + found
                            + (quoted(c, n) ? TextImporter.QUOTED_HINT : ""));
        }
        starts[width] = n + 1;
        TextImporter.unescape(c, starts[layout.textColumn], starts[layout.textColumn + 1] - 1, text);
        vectorizer.beginDocument();
        vectorizer.addText(text.chars, 0, text.length);
        vectorizer.endDocument();
        if (layout.labelColumn >= 0) {
            int s = starts[layout.labelColumn];
            int e = starts[layout.labelColumn + 1] - 1;
            int known = labels.size();
            int id = missingLabel(c, s, e) ? CategoricalColumn.MISSING : labels.intern(c, s, e - s);
            if (id == known) { // a new class: where it starts, in case it is a piece of a quoted field
                firstLines.add((int) Math.min(Integer.MAX_VALUE, lineNumber));
                quotedFirst.set(id, quoted(c, n));
            }
            codes.add(id);
        }
    }

    private static boolean quoted(char[] c, int n) {
        for (int i = 0; i < n; i++) {
            if (c[i] == '"') {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads the documents of a delimited file with RFC 4180 quoting (the CSV reader's records; no backslash
     * escapes) until the end of {@code rec}, whose header has been read.
     */
    void readRecords(CsvRecordReader rec) {
        while (rec.next()) {
            record(rec);
        }
        lines = rec.line();
    }

    /** Adds the document of the record {@code rec} holds (the first of a file without a header, or any other). */
    void record(CsvRecordReader rec) {
        int width = layout.width;
        if (rec.fields() != width) {
            throw new ImportException(file, rec.line(), "field " + (rec.fields() < width ? rec.fields() + 1 : width + 1),
                    "ragged row: expected " + width + " fields as in " + layout.widthFrom + ", found " + rec.fields());
        }
        char[] c = rec.chars();
        vectorizer.beginDocument();
        vectorizer.addText(c, rec.start(layout.textColumn), rec.end(layout.textColumn) - rec.start(layout.textColumn));
        vectorizer.endDocument();
        if (layout.labelColumn >= 0) {
            int s = rec.start(layout.labelColumn);
            int e = rec.end(layout.labelColumn);
            codes.add(missingLabel(c, s, e) ? CategoricalColumn.MISSING : labels.intern(c, s, e - s));
        }
    }

    /** Appends the documents of {@code next} (the stretch of the file after this one). */
    void append(TsvPart next) {
        vectorizer.append(next.vectorizer);
        for (int i = 0; i < missingLabels.length; i++) {
            missingLabels[i] += next.missingLabels[i];
        }
        int[] map = new int[next.labels.size()];
        for (int id = 0; id < map.length; id++) {
            int known = labels.size();
            map[id] = labels.internFrom(next.labels, id);
            if (map[id] == known && id < next.firstLines.size) {
                firstLines.add((int) Math.min(Integer.MAX_VALUE, next.firstLines.data[id] + lines));
                quotedFirst.set(known, next.quotedFirst.get(id));
            }
        }
        for (int r = 0; r < next.codes.size; r++) {
            int c = next.codes.data[r];
            codes.add(c < 0 ? CategoricalColumn.MISSING : map[c]);
        }
        lines += next.lines;
    }

    /**
     * A warning when a class of the TSV layout has a single row whose line holds a double quote: likely a piece
     * of a quoted field that holds line breaks (pandas' {@code to_csv(sep='\t')}), else null.
     */
    String quotedSingleRowClass() {
        if (firstLines.size != labels.size()) {
            return null; // read as CSV records: quotes were honoured
        }
        int[] count = new int[labels.size()];
        for (int r = 0; r < codes.size; r++) {
            if (codes.data[r] >= 0) {
                count[codes.data[r]]++;
            }
        }
        int first = -1; // ids number the classes as first seen: the lowest is the earliest line
        int more = 0;
        for (int id = 0; id < count.length; id++) {
            if (count[id] == 1 && quotedFirst.get(id)) {
                more += first < 0 ? 0 : 1;
                first = first < 0 ? id : first;
            }
        }
        if (first < 0) {
            return null;
        }
        return "class " + Sources.quote(labels.term(first)) + " has a single row (line " + firstLines.data[first] + ")"
                + " that holds a double quote" + (more > 0 ? " (and " + more + " more such classes)" : "")
                + ": a piece of a quoted text broken at its line breaks? for tab-separated text quoted as CSV"
                + " (pandas' to_csv(sep='\\t') writes it so) give --delimiter tab";
    }

    private static int countTabs(char[] c, int n) {
        int t = 0;
        for (int i = 0; i < n; i++) {
            if (c[i] == '\t') {
                t++;
            }
        }
        return t;
    }

    /** Whether the label {@code c[s, e)} is a missing marker; counted per marker. */
    private boolean missingLabel(char[] c, int s, int e) {
        int m = layout.missing.find(c, s, e);
        if (m >= 0) {
            missingLabels[m]++;
        }
        return m >= 0;
    }

    /**
     * A warning when labels that are words (pandas' markers such as {@code None}, {@code NA}, {@code null};
     * not the empty cell or {@code ?}) were read as missing: a class of that name would be lost.
     */
    String wordLabelsMissing(String labelName) {
        return layout.missing.labelWarning(labelName, missingLabels);
    }
}

package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits delimited text into records following RFC 4180: a field that starts with a double quote runs
 * to the matching quote, may hold delimiters and line breaks (kept as {@code \n}), and writes a quote as
 * {@code ""}. As in Python's {@code csv} module, text after a closing quote is appended to the field and
 * a quote inside an unquoted field is an ordinary character. Blank lines are skipped. An unquoted field is
 * stripped of the spaces around it, as the header's names are ({@code a, b, y} rows hold {@code x}, not
 * {@code " x"}); a quoted field keeps its spaces.
 *
 * <p>Field {@code i} of the current record is {@code chars()[start(i), end(i))}; the arrays are reused.
 */
final class CsvRecordReader {
    private final TextInput in;
    private char delimiter; // 0 until detected
    private final CharBuf line = new CharBuf(256);
    private final CharBuf record = new CharBuf(256);
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private boolean[] quoted = new boolean[16];
    private int fields;
    private long recordLine;

    private final LineLimit limit;

    /**
     * A reader with a fixed delimiter, or with {@code 0} to detect it from the first line; a line, or a record
     * (which may span lines inside quotes), longer than {@code limit} allows fails.
     */
    CsvRecordReader(TextInput in, char delimiter, LineLimit limit) {
        this.in = in;
        this.delimiter = delimiter;
        this.limit = limit;
        in.limitLines(limit);
    }

    /** Bytes held by the line and record buffers and the field offsets. */
    long bytes() {
        return line.bytes() + record.bytes() + 9L * starts.length;
    }

    /** Picks the delimiter that occurs most often outside quotes in a header line: comma, semicolon or tab. */
    static char detect(CharSequence header) {
        int comma = 0;
        int semi = 0;
        int tab = 0;
        boolean q = false;
        for (int i = 0; i < header.length(); i++) {
            char c = header.charAt(i);
            if (c == '"') {
                q = !q;
            } else if (!q) {
                if (c == ',') {
                    comma++;
                } else if (c == ';') {
                    semi++;
                } else if (c == '\t') {
                    tab++;
                }
            }
        }
        if (tab > comma && tab >= semi) {
            return '\t';
        }
        if (semi > comma) {
            return ';';
        }
        return ',';
    }

    /**
     * The fields of {@code line} split at {@code delimiter} as this reader splits a record (quotes honoured
     * and removed, unquoted fields stripped), for a line looked at on its own; one field, the line, when its
     * quotes do not close.
     */
    static List<String> fields(String line, char delimiter) {
        Path none = Path.of("line");
        try (TextInput in = new TextInput(new ByteArrayInputStream(line.getBytes(StandardCharsets.UTF_8)),
                none, StandardCharsets.UTF_8)) {
            CsvRecordReader r = new CsvRecordReader(in, delimiter, new LineLimit(Math.max(1, line.length()), 0));
            List<String> out = new ArrayList<>();
            if (r.next()) {
                for (int i = 0; i < r.fields(); i++) {
                    out.add(r.field(i));
                }
            }
            return out;
        } catch (ImportException e) {
            return List.of(line);
        }
    }

    /** The text of the last line read, as it is in the file (quotes and all): a one-line record's own text. */
    String lastLine() {
        return line.toString();
    }

    /** Reads the next non-blank record; false at the end of input. */
    boolean next() {
        do {
            if (!in.readLine(line)) {
                return false;
            }
        } while (line.length == 0);
        recordLine = in.line();
        if (delimiter == 0) {
            delimiter = detect(line.toString());
        }
        record.clear();
        fields = 0;
        int i = 0;
        boolean startField = true;
        boolean inQuotes = false;
        while (true) {
            char[] c = line.chars;
            int n = line.length;
            while (i < n) {
                char ch = c[i];
                if (startField) {
                    newField();
                    startField = false;
                    if (ch == '"') {
                        inQuotes = true;
                        quoted[fields - 1] = true;
                        i++;
                        continue;
                    }
                }
                if (inQuotes) {
                    if (ch == '"') {
                        if (i + 1 < n && c[i + 1] == '"') {
                            record.append('"');
                            i += 2;
                        } else {
                            inQuotes = false;
                            i++;
                        }
                        continue;
                    }
                    record.append(ch);
                    i++;
                } else if (ch == delimiter) {
                    endField();
                    startField = true;
                    i++;
                } else {
                    record.append(ch);
                    i++;
                }
            }
            if (!inQuotes) {
                break;
            }
            record.append('\n');
            if (!in.readLine(line)) {
                throw new ImportException(in.file(), recordLine, "field " + fields,
                        "unterminated quoted field (opened on line " + recordLine + "); expected a closing '\"'");
            }
            limit.check(in.file(), recordLine, (long) record.length + line.length);
            i = 0;
        }
        if (startField) {
            newField(); // trailing delimiter: one more, empty field
        }
        endField();
        return true;
    }

    /** Ends the last field at the end of the record so far, without the spaces around it unless it was quoted. */
    private void endField() {
        int f = fields - 1;
        int e = record.length;
        if (!quoted[f]) {
            char[] c = record.chars;
            int s = starts[f];
            while (s < e && Character.isWhitespace(c[s])) {
                s++;
            }
            while (e > s && Character.isWhitespace(c[e - 1])) {
                e--;
            }
            starts[f] = s;
        }
        ends[f] = e;
    }

    private void newField() {
        if (fields == starts.length) {
            starts = Arrays.copyOf(starts, fields * 2);
            ends = Arrays.copyOf(ends, fields * 2);
            quoted = Arrays.copyOf(quoted, fields * 2);
        }
        starts[fields] = record.length;
        ends[fields] = record.length;
        quoted[fields] = false;
        fields++;
    }

    char delimiter() {
        return delimiter;
    }

    /** Line on which the current record starts. */
    long line() {
        return recordLine;
    }

    int fields() {
        return fields;
    }

    char[] chars() {
        return record.chars;
    }

    int start(int i) {
        return starts[i];
    }

    int end(int i) {
        return ends[i];
    }

    /** Ends field {@code i} at {@code end} (before its end): its text was rewritten shorter in place. */
    void shorten(int i, int end) {
        if (end < starts[i] || end > ends[i]) {
            throw new IllegalArgumentException("field " + i + " cannot end at " + end);
        }
        ends[i] = end;
    }

    boolean quoted(int i) {
        return quoted[i];
    }

    String field(int i) {
        return record.substring(starts[i], ends[i]);
    }
}

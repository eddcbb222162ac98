package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import java.nio.file.Path;

/**
 * A cursor over one ARFF line: skips spaces, reads names and values that may be quoted with
 * {@code '} or {@code "} (backslash escapes inside quotes, as Weka writes them), and stops at a
 * {@code %} comment outside quotes.
 */
final class ArffLine {
    private final Path file;
    private char[] c;
    private int n;
    private int i;
    private long line;
    private final CharBuf token = new CharBuf(64);
    private boolean quoted;

    ArffLine(Path file) {
        this.file = file;
    }

    void reset(CharBuf buf, long lineNumber) {
        c = buf.chars;
        n = buf.length;
        i = 0;
        line = lineNumber;
        // cut a comment that starts outside quotes
        char q = 0;
        for (int k = 0; k < n; k++) {
            char ch = c[k];
            if (q != 0) {
                if (ch == '\\') {
                    k++;
                } else if (ch == q) {
                    q = 0;
                }
            } else if (ch == '\'' || ch == '"') {
                q = ch;
            } else if (ch == '%') {
                n = k;
                break;
            }
        }
    }

    long line() {
        return line;
    }

    /** Characters left on the line, and how many of them are {@code ch}: bounds for sizing a level table. */
    int left() {
        return n - i;
    }

    int countLeft(char ch) {
        int k = 0;
        for (int j = i; j < n; j++) {
            if (c[j] == ch) {
                k++;
            }
        }
        return k;
    }

    /** Skips spaces and tabs; true when something is left. */
    boolean more() {
        while (i < n && (c[i] == ' ' || c[i] == '\t')) {
            i++;
        }
        return i < n;
    }

    char peek() {
        return c[i];
    }

    /**
     * The next character after spaces and at most one comma (and the spaces after it), or 0 at the end of
     * the line; consumes only the spaces before the comma.
     */
    char peekPastComma() {
        if (!more()) {
            return 0;
        }
        int k = i;
        if (c[k] == ',') {
            k++;
            while (k < n && (c[k] == ' ' || c[k] == '\t')) {
                k++;
            }
        }
        return k < n ? c[k] : 0;
    }

    /**
     * The header keyword the rest of the line starts with ({@code @attribute}, {@code @relation}, {@code @data}, in
     * any case, then a space or the end), in lower case, or null; nothing is consumed.
     */
    String declaration() {
        if (!more() || c[i] != '@') {
            return null;
        }
        for (String kw : new String[] {"@attribute", "@relation", "@data"}) {
            int e = i + kw.length();
            if (e <= n && new String(c, i, kw.length()).equalsIgnoreCase(kw) && (e == n || c[e] == ' ' || c[e] == '\t')) {
                return kw;
            }
        }
        return null;
    }

    void skip() {
        i++;
    }

    /** Consumes {@code ch} (after spaces) or fails naming what was expected. */
    void expect(char ch, String what) {
        if (!more() || c[i] != ch) {
            throw new ImportException(file, line, null, "expected '" + ch + "' " + what
                    + (more() ? ", found '" + c[i] + "'" : ", found the end of the line"));
        }
        i++;
    }

    /** The rest of the line, trimmed. */
    String rest() {
        more();
        String s = new String(c, i, n - i).strip();
        i = n;
        return s;
    }

    /**
     * Reads a word or a quoted string into {@link #text()}. An unquoted word ends at a space, or at
     * any character of {@code stops}. Returns false when nothing is left.
     */
    boolean word(String stops) {
        token.clear();
        quoted = false;
        if (!more()) {
            return false;
        }
        char ch = c[i];
        if (ch == '\'' || ch == '"') {
            quoted = true;
            char q = ch;
            i++;
            while (true) {
                if (i >= n) {
                    throw new ImportException(file, line, null, "unterminated quoted text; expected a closing " + q);
                }
                ch = c[i++];
                if (ch == q) {
                    break;
                }
                if (ch == '\\' && i < n) {
                    char e = c[i++];
                    token.append(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e);
                } else {
                    token.append(ch);
                }
            }
            return true;
        }
        int start = i;
        while (i < n && c[i] != ' ' && c[i] != '\t' && stops.indexOf(c[i]) < 0) {
            i++;
        }
        token.append(c, start, i - start);
        return true;
    }

    /**
     * Reads one value up to a space, a tab or a separator in {@code stops} (none consumed); quotes as in
     * {@link #word}. Spaces separate values as commas do, as in Weka's reader: quote a value that holds one.
     */
    void value(String stops) {
        token.clear();
        quoted = false;
        if (!more()) {
            return;
        }
        word(stops);
    }

    CharBuf text() {
        return token;
    }

    String textString() {
        return token.toString();
    }

    boolean wasQuoted() {
        return quoted;
    }
}

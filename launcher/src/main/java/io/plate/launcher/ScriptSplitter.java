package io.plate.launcher;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a Gogo script into its top-level programs so that the launcher can run them one by one,
 * print each result and stop at the first failure. A program ends at a newline or a {@code ;} outside
 * braces, brackets, parentheses and quotes; a line ending in a backslash continues on the next line; lines
 * whose first non-blank character is {@code #} are comments.
 */
final class ScriptSplitter {
    private ScriptSplitter() {
    }

    /** A program and the 1-based line it starts on. */
    record Statement(int line, String text) {
    }

    static List<Statement> split(String script) {
        List<Statement> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 0;
        char quote = 0;
        int line = 1;
        int startLine = 1;
        boolean atLineStart = true;
        int n = script.length();
        for (int i = 0; i < n; i++) {
            char c = script.charAt(i);
            if (quote == 0 && atLineStart && depth == 0 && cur.toString().isBlank()) {
                // skip leading blanks and whole-line comments of a new statement
                if (c == ' ' || c == '\t' || c == '\r') {
                    continue;
                }
                if (c == '#') {
                    while (i < n && script.charAt(i) != '\n') {
                        i++;
                    }
                    line++;
                    startLine = line;
                    continue;
                }
                if (c == '\n') {
                    line++;
                    startLine = line;
                    continue;
                }
                startLine = line;
                atLineStart = false;
            }
            if (c == '\\' && i + 1 < n) {
                char next = script.charAt(i + 1);
                if (next == '\n' && quote == 0) {
                    cur.append(' ');
                    i++;
                    line++;
                    continue;
                }
                if (quote != '\'') {
                    cur.append(c).append(next);
                    i++;
                    if (next == '\n') {
                        line++;
                    }
                    continue;
                }
            }
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                if (c == '\n') {
                    line++;
                }
                cur.append(c);
                continue;
            }
            switch (c) {
                case '"':
                case '\'':
                    quote = c;
                    cur.append(c);
                    break;
                case '{':
                case '[':
                case '(':
                    depth++;
                    cur.append(c);
                    break;
                case '}':
                case ']':
                case ')':
                    depth = Math.max(0, depth - 1);
                    cur.append(c);
                    break;
                case ';':
                    if (depth == 0) {
                        flush(out, cur, startLine);
                        startLine = line;
                    } else {
                        cur.append(c);
                    }
                    break;
                case '\n':
                    line++;
                    if (depth == 0) {
                        flush(out, cur, startLine);
                        atLineStart = true;
                    } else {
                        cur.append(c);
                    }
                    break;
                default:
                    cur.append(c);
            }
        }
        flush(out, cur, startLine);
        return out;
    }

    private static void flush(List<Statement> out, StringBuilder cur, int line) {
        String s = cur.toString().strip();
        if (!s.isEmpty()) {
            out.add(new Statement(line, s));
        }
        cur.setLength(0);
    }
}

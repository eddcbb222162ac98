package io.plate.modelfile;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JSON syntax error in a user's words: {@code not valid JSON at line 1, column 24: the file ends inside an
 * object}, from the parser's own message and location, without its internals (source descriptions,
 * feature names, start markers). Model files and the shell's other JSON inputs (evaluation files) use it.
 */
public final class JsonSyntax {
    private static final Pattern UNEXPECTED_CHAR = Pattern.compile("Unexpected character \\('(.+?)' \\(code \\d+\\)\\)"
            + "(?::\\s*(.*))?", Pattern.DOTALL);
    private static final Pattern UNRECOGNIZED = Pattern.compile("Unrecognized token '(.*?)'.*", Pattern.DOTALL);
    /** Jackson's refusal of NaN and Infinity, which JSON has no words for (it names a read feature to enable). */
    private static final Pattern NON_STANDARD = Pattern.compile("Non-standard token '(.*?)'.*", Pattern.DOTALL);
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate (?:field|Object property) '(.*?)'.*",
            Pattern.DOTALL);

    private JsonSyntax() {
    }

    /** {@code not valid JSON at line L, column C: REASON} for {@code e}. */
    public static String describe(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        int column = at == null ? -1 : at.getColumnNr();
        Matcher u = UNRECOGNIZED.matcher(e.getOriginalMessage() == null ? "" : e.getOriginalMessage());
        if (u.matches() && column > u.group(1).length() + 1) {
            column -= u.group(1).length() + 1; // the parser stops one past the character after the word
        }
        Matcher n = NON_STANDARD.matcher(e.getOriginalMessage() == null ? "" : e.getOriginalMessage());
        if (n.matches() && column > n.group(1).length()) {
            column -= n.group(1).length(); // the parser stops just past NaN: name where it starts
        }
        String where = at == null || at.getLineNr() < 1 ? ""
                : " at line " + at.getLineNr() + (column < 1 ? "" : ", column " + column);
        return "not valid JSON" + where + ": " + reason(e.getOriginalMessage());
    }

    /** The parser's message {@code m} in plain words. */
    static String reason(String m) {
        String text = m == null ? "" : m.strip();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("unexpected end-of-input")) {
            if (lower.contains("string value") || lower.contains("closing quote") || lower.contains("value_string") || lower.contains("field_name") || lower.contains("in field name")) {
                return "the file ends inside a string";
            }
            if (lower.contains("object")) {
                return "the file ends inside an object";
            }
            if (lower.contains("array")) {
                return "the file ends inside an array";
            }
            return "the file ends too early";
        }
        Matcher c = UNEXPECTED_CHAR.matcher(text);
        if (c.lookingAt()) {
            String expected = c.group(2) == null ? "" : expected(firstLine(c.group(2)));
            return "unexpected character '" + c.group(1) + "'" + (expected.isEmpty() ? "" : " (" + expected + ")");
        }
        Matcher u = UNRECOGNIZED.matcher(text);
        if (u.matches()) {
            return "unrecognised word '" + u.group(1) + "' (expected a string, number, array, object, true, false or"
                    + " null)";
        }
        Matcher n = NON_STANDARD.matcher(text);
        if (n.matches()) {
            return "'" + n.group(1) + "' is not a JSON number (the numbers must be finite)";
        }
        Matcher d = DUPLICATE.matcher(text);
        if (d.matches()) {
            return "the key '" + d.group(1) + "' appears twice in one object";
        }
        String first = firstLine(text);
        int source = first.indexOf(" (start marker at");
        if (source < 0) {
            source = first.indexOf("[Source:");
        }
        return (source < 0 ? first : first.substring(0, source)).strip();
    }

    /** What the parser was expecting, in words; empty when it says nothing a user can act on. */
    private static String expected(String was) {
        String w = was.toLowerCase(Locale.ROOT);
        if (w.contains("double-quote to start field name")) {
            return "expected a key in double quotes";
        }
        if (w.contains("comma to separate")) {
            return "expected a comma or the end of the " + (w.contains("array") ? "array" : "object");
        }
        if (w.contains("colon to separate")) {
            return "expected a colon after the key";
        }
        if (w.contains("valid value") || w.contains("json string, number")) {
            return "expected a value";
        }
        return "";
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}

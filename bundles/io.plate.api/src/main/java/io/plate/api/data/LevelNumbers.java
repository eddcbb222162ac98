package io.plate.api.data;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Level texts that are numbers. Class names are ordered as scikit-learn's {@code classes_} orders them
 * (by value when every name is a number, else by text), a level such as {@code 1.0} (pandas writes
 * integers so when a column also holds a NaN) matches a model's {@code 1}, and in a column of numbers the
 * spellings of one value are one level ({@link #levels}). A leading zero makes a code ({@code 007}), which
 * stays text: {@code 007} and {@code 7} are two levels.
 */
public final class LevelNumbers {
    /** A plain decimal; a leading zero only before the point, so that codes such as {@code 007} stay text. */
    private static final Pattern PLAIN = Pattern.compile("[+-]?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    private LevelNumbers() {
    }

    /** The value of {@code text} when it is a plain finite decimal number, else NaN. */
    public static double value(String text) {
        if (text == null || text.isEmpty() || text.length() > 64 || !PLAIN.matcher(text).matches()) {
            return Double.NaN;
        }
        double v = Double.parseDouble(text);
        return Double.isInfinite(v) ? Double.NaN : v;
    }

    /**
     * Whether {@code c[from, to)} starts, after spaces and a sign, with a zero followed by a digit
     * ({@code 007}, {@code -01.5}): a code, text under this rule, whose zeros a number would lose.
     */
    public static boolean zeroPadded(char[] c, int from, int to) {
        int i = from;
        while (i < to && c[i] == ' ') {
            i++;
        }
        if (i < to && (c[i] == '+' || c[i] == '-')) {
            i++;
        }
        return i + 1 < to && c[i] == '0' && c[i + 1] >= '0' && c[i + 1] <= '9';
    }

    /** A number as a level text: whole numbers as {@code 2} (not {@code 2.0}), others as {@link Double#toString}. */
    public static String text(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * The level each of {@code texts} is: when every one is a number, the texts of one value ({@code 1},
     * {@code 1.0}, {@code +1}) are one level, as pandas reads such a column as floats, one class per value,
     * spelled in its shortest form: {@link #text} ({@code 0} for numpy's {@code 0.000000000000000000e+00},
     * {@code 2.5}) unless the column writes it shorter ({@code 1e20}; ties: the first by text); otherwise (a
     * code such as {@code 007}, a word) each text is its own level. Element {@code i} of the result is the
     * level of {@code texts.get(i)}.
     */
    public static List<String> levels(List<String> texts) {
        Map<Double, String> spelling = new HashMap<>();
        for (String t : texts) {
            double v = value(t);
            if (Double.isNaN(v)) {
                return List.copyOf(texts);
            }
            spelling.merge(v + 0.0, t, LevelNumbers::shorter);
        }
        spelling.replaceAll((v, written) -> text(v).length() < written.length() ? text(v) : written);
        List<String> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(spelling.get(value(t) + 0.0));
        }
        return out;
    }

    private static String shorter(String a, String b) {
        int byLength = Integer.compare(a.length(), b.length());
        return byLength < 0 || (byLength == 0 && a.compareTo(b) <= 0) ? a : b;
    }

    /** {@code names} in class order: by value when every one is a number (ties by text), else by text. */
    public static List<String> sorted(Collection<String> names) {
        List<String> out = new ArrayList<>(names);
        boolean numbers = out.stream().noneMatch(s -> Double.isNaN(value(s)));
        Comparator<String> byText = Comparator.naturalOrder();
        out.sort(numbers ? Comparator.comparingDouble(LevelNumbers::value).thenComparing(byText) : byText);
        return out;
    }
}

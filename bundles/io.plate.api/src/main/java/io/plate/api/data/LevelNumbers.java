package io.plate.api.data;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Level texts that are numbers. Class names are ordered as scikit-learn's {@code classes_} orders them
 * (by value when every name is a number, else by text), and a level such as {@code 1.0} (pandas writes
 * integers so when a column also holds a NaN) matches a model's {@code 1}.
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

    /** {@code names} in class order: by value when every one is a number (ties by text), else by text. */
    public static List<String> sorted(Collection<String> names) {
        List<String> out = new ArrayList<>(names);
        boolean numbers = out.stream().noneMatch(s -> Double.isNaN(value(s)));
        Comparator<String> byText = Comparator.naturalOrder();
        out.sort(numbers ? Comparator.comparingDouble(LevelNumbers::value).thenComparing(byText) : byText);
        return out;
    }
}

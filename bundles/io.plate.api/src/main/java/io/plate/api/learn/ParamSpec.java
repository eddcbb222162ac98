package io.plate.api.learn;

import java.util.List;
import java.util.Objects;

/**
 * Describes one parameter of a learner or sampler: name, type, default, allowed range and a one-line
 * doc, so that the shell can list, validate and explain it. A {@code null} default means "absent"
 * (the parameter is optional and has no value unless given).
 *
 * @param name     the key used in {@code key=value}
 * @param type     how the value is parsed
 * @param defaultValue default as text (parsed like user input), or {@code null}
 * @param min      inclusive lower bound for numbers (use {@code -Infinity} for none)
 * @param max      inclusive upper bound for numbers (use {@code Infinity} for none)
 * @param minExclusive true when {@code min} itself is not allowed (e.g. {@code alpha > 0})
 * @param choices  allowed words for {@link ParamType#CHOICE}; empty otherwise
 * @param doc      one line of help
 */
public record ParamSpec(String name, ParamType type, String defaultValue, double min, double max,
        boolean minExclusive, List<String> choices, String doc) {

    /** Refuses a null name, type or doc; copies {@code choices}. */
    public ParamSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        choices = List.copyOf(choices);
        Objects.requireNonNull(doc, "doc");
    }

    /** A real parameter with {@code min <= value <= max}. */
    public static ParamSpec real(String name, String def, double min, double max, String doc) {
        return new ParamSpec(name, ParamType.DOUBLE, def, min, max, false, List.of(), doc);
    }

    /** A real parameter that must be strictly positive. */
    public static ParamSpec positive(String name, String def, String doc) {
        return new ParamSpec(name, ParamType.DOUBLE, def, 0, Double.POSITIVE_INFINITY, true, List.of(), doc);
    }

    /** A whole-number parameter with {@code min <= value <= max}. */
    public static ParamSpec integer(String name, String def, long min, long max, String doc) {
        return new ParamSpec(name, ParamType.INT, def, min, max, false, List.of(), doc);
    }

    /** A parameter that is {@code true} or {@code false}. */
    public static ParamSpec bool(String name, String def, String doc) {
        return new ParamSpec(name, ParamType.BOOLEAN, def, 0, 0, false, List.of(), doc);
    }

    /** A parameter that is one of the words {@code choices}. */
    public static ParamSpec choice(String name, String def, List<String> choices, String doc) {
        return new ParamSpec(name, ParamType.CHOICE, def, 0, 0, false, choices, doc);
    }

    /** Comma-separated reals, each within the bounds. */
    public static ParamSpec realList(String name, String def, double min, double max, boolean minExclusive,
            String doc) {
        return new ParamSpec(name, ParamType.DOUBLE_LIST, def, min, max, minExclusive, List.of(), doc);
    }

    /** A parameter whose value is any text. */
    public static ParamSpec text(String name, String def, String doc) {
        return new ParamSpec(name, ParamType.STRING, def, 0, 0, false, List.of(), doc);
    }

    /** Human-readable range, e.g. {@code > 0}, {@code [0, 1]}, {@code one of diag|full}. */
    public String range() {
        switch (type) {
            case BOOLEAN:
                return "true|false";
            case CHOICE:
                return String.join("|", choices);
            case STRING:
                return "text";
            default:
                String lo = Double.isInfinite(min) ? "" : (minExclusive ? "> " : ">= ") + bound(min);
                String hi = Double.isInfinite(max) || typeLimit(max) ? "" : "<= " + bound(max);
                if (lo.isEmpty() && hi.isEmpty()) {
                    return "any";
                }
                return (lo + (lo.isEmpty() || hi.isEmpty() ? "" : ", ") + hi) + (type == ParamType.DOUBLE_LIST
                        ? " (comma-separated)" : "");
        }
    }

    /** True for a whole-number parameter's bound at the type's own limit, which is no bound a user chose. */
    boolean typeLimit(double bound) {
        return type == ParamType.INT && Math.abs(bound) >= Integer.MAX_VALUE;
    }

    /** A whole-number bound in all its digits; a real one as {@link #num} writes it. */
    private String bound(double d) {
        return type == ParamType.INT ? Long.toString((long) d) : num(d);
    }

    /** A bound as people write it: 0.5, 1000, 1e-12, 1e12 (no "1.0E-12", no twelve zeros). */
    private static String num(double d) {
        if (d != 0 && (Math.abs(d) >= 1e6 || Math.abs(d) < 1e-4)) {
            String[] me = String.format(java.util.Locale.ROOT, "%.5e", d).split("e");
            String mantissa = me[0].replaceAll("\\.?0+$", "");
            return mantissa + "e" + Integer.parseInt(me[1]);
        }
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}

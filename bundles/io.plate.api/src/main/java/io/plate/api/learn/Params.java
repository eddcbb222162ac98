package io.plate.api.learn;

import io.plate.api.PlateException;
import io.plate.api.text.NearestName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Validated parameter values for a learner or sampler. Made by {@link #parse(List, Map)} from the
 * user's {@code key=value} text against the parameter descriptions; every value is then in range and
 * of the right type, and defaults are filled in. Immutable.
 */
public final class Params {
    private final Map<String, String> values; // effective values as text, in spec order
    private final Map<String, ParamSpec> specs;

    private Params(Map<String, String> values, Map<String, ParamSpec> specs) {
        this.values = Collections.unmodifiableMap(values);
        this.specs = Collections.unmodifiableMap(specs);
    }

    /** No parameters at all (for learners without any). */
    public static Params empty() {
        return new Params(new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    /**
     * Checks {@code given} against {@code specs}: an unknown name, a value of the wrong type or out of
     * range, a number that is not finite, or a null value fails with a {@link PlateException} that names the
     * parameter, the value and what is allowed (an unknown name with the known one it is likely a typo of). Absent
     * parameters take their defaults. Null {@code specs} or {@code given} is a {@link NullPointerException} naming it.
     */
    public static Params parse(List<ParamSpec> specs, Map<String, String> given) {
        return parse(specs, Map.of(), given);
    }

    /**
     * As {@link #parse(List, Map)}, also taking each key of {@code aliases} (another library's name for a
     * parameter: scikit-learn's GaussianNB calls {@code class_prior} {@code priors}) as the parameter its value
     * names, matched in any spelling; a parameter given under both names is refused naming both. The values are
     * kept under the parameters' own names. An alias of no described parameter is an {@link IllegalArgumentException}.
     * Since 1.11.0.
     */
    public static Params parse(List<ParamSpec> specs, Map<String, String> aliases, Map<String, String> given) {
        Objects.requireNonNull(specs, "specs");
        Objects.requireNonNull(aliases, "aliases");
        Objects.requireNonNull(given, "params");
        Map<String, ParamSpec> byName = new LinkedHashMap<>();
        Map<String, String> bySpelling = new LinkedHashMap<>();
        for (ParamSpec s : specs) {
            byName.put(s.name(), s);
            bySpelling.put(spelling(s.name()), s.name());
        }
        for (Map.Entry<String, String> a : aliases.entrySet()) {
            if (!byName.containsKey(a.getValue())) {
                throw new IllegalArgumentException("alias '" + a.getKey() + "' names no described parameter: "
                        + a.getValue());
            }
            bySpelling.putIfAbsent(spelling(a.getKey()), a.getValue()); // a parameter's own name wins
        }
        Map<String, String> named = new LinkedHashMap<>(); // the given values under the specs' own names
        Map<String, String> givenAs = new LinkedHashMap<>(); // a spec's name -> the spelling it was given in
        for (Map.Entry<String, String> e : given.entrySet()) {
            String k = e.getKey();
            String name = byName.containsKey(k) ? k : bySpelling.get(spelling(k));
            if (name == null) {
                List<String> names = new ArrayList<>(byName.keySet());
                List<String> spellings = new ArrayList<>(names); // the nearest may be an alias (prior: priors)
                spellings.addAll(aliases.keySet());
                throw new PlateException("unknown parameter '" + k + "'" + (names.isEmpty() ? "; this takes no parameters"
                        : NearestName.suggestion(k, spellings) + "; known: " + String.join(", ", names)));
            }
            if (named.containsKey(name)) {
                throw new PlateException("parameter '" + name + "' is given twice (as '" + givenAs.get(name) + "' and as '"
                        + k + "')");
            }
            named.put(name, e.getValue());
            givenAs.put(name, k);
        }
        given = named;
        Map<String, String> out = new LinkedHashMap<>();
        for (ParamSpec s : specs) {
            if (given.containsKey(s.name()) && given.get(s.name()) == null) {
                throw new PlateException("parameter '" + s.name() + "' has no value (give one, or leave the parameter"
                        + " out" + (s.defaultValue() == null ? "" : " for its default " + s.defaultValue()) + ")");
            }
            String v = given.containsKey(s.name()) ? given.get(s.name()).trim() : s.defaultValue();
            if (v == null) {
                continue;
            }
            out.put(s.name(), check(s, v));
        }
        return new Params(out, byName);
    }

    /**
     * A name as matched: case and underscores do not count, so {@code burn_in} finds {@code burnIn} and
     * {@code prior_scale} finds {@code priorScale}, whichever way a learner spells its parameters.
     */
    private static String spelling(String name) {
        return name.replace("_", "").replace("-", "").toLowerCase(java.util.Locale.ROOT);
    }

    /** The value {@code v} checked against {@code s}, as kept: a whole number given in exponent form in its digits. */
    private static String check(ParamSpec s, String v) {
        String what = "parameter '" + s.name() + "' = '" + v + "'";
        if (v.equals("None") && !s.choices().contains(v) && s.type() != ParamType.STRING) {
            // scikit-learn's None ("not set", "no threshold") is no value here: say what leaving it out gives
            throw new PlateException(what + ": None is not a value here; leave the parameter out"
                    + (s.defaultValue() == null ? "" : " for its default " + s.defaultValue()) + " (" + s.name() + ": "
                    + s.doc() + ")");
        }
        switch (s.type()) {
            case BOOLEAN:
                if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
                    throw new PlateException(what + ": expected true or false");
                }
                return v;
            case CHOICE:
                if (!s.choices().contains(v)) {
                    throw new PlateException(what + ": expected one of " + String.join(", ", s.choices()));
                }
                return v;
            case STRING:
                return v;
            case INT:
                try {
                    long l = Long.parseLong(v);
                    inRange(s, what, l);
                    return v;
                } catch (NumberFormatException e) {
                    java.math.BigDecimal whole = exponentWhole(v);
                    if (whole == null) {
                        throw new PlateException(what + (v.contains(",") ? notAList(s, "whole number")
                                : ": expected a whole number"));
                    }
                    inRange(s, what, whole.doubleValue()); // 1e9 for k is answered by k's range
                    return whole.toBigIntegerExact().toString();
                }
            case DOUBLE:
                if (v.contains(",")) {
                    throw new PlateException(what + notAList(s, "number"));
                }
                inRange(s, what, parseDouble(what, v));
                return v;
            case DOUBLE_LIST:
                String[] parts = v.split(",");
                for (String p : parts) {
                    inRange(s, what, parseDouble(what, p.trim()));
                }
                return v;
            default:
                throw new IllegalStateException(s.type().toString());
        }
    }

    /** A whole number written in exponent form ({@code 1e9}, {@code 2.5E3}), else null ({@code 2.5}, {@code 1e-3}, words). */
    private static java.math.BigDecimal exponentWhole(String v) {
        if (v.indexOf('e') < 0 && v.indexOf('E') < 0) {
            return null;
        }
        try {
            java.math.BigDecimal b = new java.math.BigDecimal(v);
            return b.signum() == 0 || b.stripTrailingZeros().scale() <= 0 ? b : null;
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /**
     * For a list given to a parameter of one number (nb.sparse's {@code class_prior} is a concentration where
     * other learners take a probability per class): that it is one, and what it means.
     */
    private static String notAList(ParamSpec s, String number) {
        return ": expected one " + number + ", not a list (" + s.name() + ": " + s.doc() + ")";
    }

    /**
     * The number {@code v}; NaN and the infinities (also {@code 1e400}, which parses as one) are refused:
     * no parameter takes them, and an infinite alpha or var_smoothing only failed later, at predict time.
     */
    private static double parseDouble(String what, String v) {
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new PlateException(what + ": expected a number");
        }
        if (!Double.isFinite(d)) {
            throw new PlateException(what + ": must be a finite number");
        }
        return d;
    }

    private static void inRange(ParamSpec s, String what, double d) {
        boolean lowOk = s.minExclusive() ? d > s.min() : d >= s.min();
        if (!lowOk || !(d <= s.max())) {
            // the excluded bound itself (alpha=0, which scikit-learn takes) gets the parameter's doc, which says why
            throw new PlateException(what + ": must be " + s.range() + (d > s.max() && s.typeLimit(s.max())
                    ? " and at most " + (long) s.max() : "") + (s.minExclusive() && d == s.min()
                    ? " (" + s.name() + ": " + s.doc() + ")" : ""));
        }
    }

    /** True when the parameter has a value (given, or a non-null default). */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    private String raw(String name) {
        String v = values.get(name);
        if (v == null) {
            if (!specs.containsKey(name)) {
                throw new IllegalArgumentException("no parameter named '" + name + "' is described");
            }
            throw new IllegalStateException("parameter '" + name + "' has no value and no default");
        }
        return v;
    }

    /** The value of parameter {@code name} as a double (it must have one: see {@link #has(String)}). */
    public double getDouble(String name) {
        return Double.parseDouble(raw(name));
    }

    /** The value of parameter {@code name} as an int (it must have one: see {@link #has(String)}). */
    public int getInt(String name) {
        return Math.toIntExact(Long.parseLong(raw(name)));
    }

    /** The value of parameter {@code name} as a long (it must have one: see {@link #has(String)}). */
    public long getLong(String name) {
        return Long.parseLong(raw(name));
    }

    /** The value of parameter {@code name} as a boolean (it must have one: see {@link #has(String)}). */
    public boolean getBoolean(String name) {
        return Boolean.parseBoolean(raw(name));
    }

    /** The value of parameter {@code name} as text (it must have one: see {@link #has(String)}). */
    public String getString(String name) {
        return raw(name);
    }

    /** The value of parameter {@code name} as text; empty when it has none or is not described. */
    public Optional<String> find(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** The comma-separated numbers of parameter {@code name} (it must have a value: see {@link #has(String)}). */
    public double[] getDoubles(String name) {
        String[] parts = raw(name).split(",");
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Double.parseDouble(parts[i].trim());
        }
        return out;
    }

    /** Effective values as text, in description order (for provenance and reports). */
    public Map<String, String> asMap() {
        return values;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        values.forEach((k, v) -> s.append(s.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return s.toString();
    }
}

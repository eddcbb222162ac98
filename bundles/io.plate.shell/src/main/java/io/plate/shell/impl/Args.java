package io.plate.shell.impl;

import io.plate.api.PlateException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parsing helpers shared by the command components. */
public final class Args {
    private Args() {
    }

    /**
     * The absent value of an option whose empty value ({@code --delimiter ''}) must be told from its absence: no
     * word a user types is a NUL character.
     */
    public static final String NOT_GIVEN = "\u0000";

    /**
     * Reads {@code key=value} words into an ordered map. A word without {@code =}, an empty key or a
     * key given twice fails with a message naming the word.
     */
    public static Map<String, String> keyValues(List<String> words) {
        return keyValues(words, "parameter");
    }

    /**
     * As {@link #keyValues(List)} for the parameters of {@code owner} (a learner or sampler): a word without '='
     * is told the parameter it may mean ({@code var} of {@code var_smoothing}) or where the parameters are listed.
     */
    public static Map<String, String> keyValues(List<String> words, String owner, List<io.plate.api.learn.ParamSpec> specs) {
        for (String w : words == null ? List.<String>of() : words) {
            if (w.indexOf('=') <= 0) {
                List<String> keys = specs.stream().map(io.plate.api.learn.ParamSpec::name).toList();
                String near = io.plate.api.text.NearestName.suggestion(w.replace("=", ""), keys);
                throw new PlateException("expected key=value, got '" + w + "'" + (near.isEmpty()
                        ? keys.isEmpty() ? " (" + owner + " takes no parameters)" : " (plate:params " + owner
                                + " lists the parameters)" : near));
            }
        }
        return keyValues(words, "parameter");
    }

    /** As {@link #keyValues(List)}, naming a key given twice as a {@code what} ({@code setting} for plate:config). */
    public static Map<String, String> keyValues(List<String> words, String what) {
        Map<String, String> out = new LinkedHashMap<>();
        if (words == null) {
            return out;
        }
        for (String w : words) {
            int eq = w.indexOf('=');
            if (eq <= 0) {
                throw new PlateException("expected key=value, got '" + w + "'");
            }
            String k = w.substring(0, eq).trim();
            if (out.containsKey(k)) {
                throw new PlateException(what + " '" + k + "' given twice");
            }
            out.put(k, w.substring(eq + 1).trim());
        }
        return out;
    }

    /** Parses a whole number option, naming the option when it is not one. */
    public static long parseLong(String option, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new PlateException(option + " '" + value + "': expected a whole number");
        }
    }

    /**
     * Parses a whole number option; one that is not gets {@code meaning} after the option and value, what the
     * number is ({@code --ngram N takes …}).
     */
    public static int parseInt(String option, String value, String meaning) {
        try {
            return parseInt(option, value);
        } catch (PlateException e) {
            throw new PlateException(option + " '" + value + "': " + meaning);
        }
    }

    public static int parseInt(String option, String value) {
        long v = parseLong(option, value);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new PlateException(option + " '" + value + "': out of range");
        }
        return (int) v;
    }

    public static double parseDouble(String option, String value) {
        try {
            double d = Double.parseDouble(value.trim());
            if (Double.isNaN(d)) {
                throw new PlateException(option + " '" + value + "': NaN is not allowed");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new PlateException(option + " '" + value + "': expected a number");
        }
    }
}

package io.plate.modelfile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.data.LevelNumbers;
import io.plate.api.learn.ModelFormatException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Checked reads of a model file's JSON tree. A field is named by its path from the root
 * ({@code numeric[0].classes[1].bandwidth}); the key looked up in {@code parent} is the path's last
 * segment. Every failure is a {@link ModelFormatException} naming the path.
 */
public final class Fields {
    private Fields() {
    }

    private static String key(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /** Refuses a field of {@code object} not in {@code allowed}, listing what {@code what} may hold. */
    public static void only(JsonNode object, String prefix, Set<String> allowed, String what) {
        for (Iterator<String> it = object.fieldNames(); it.hasNext();) {
            String f = it.next();
            if (!allowed.contains(f)) {
                List<String> quoted = new ArrayList<>();
                allowed.forEach(a -> quoted.add("'" + a + "'"));
                throw new ModelFormatException("model file: unknown field '" + prefix + f + "'; a " + what
                        + " has " + String.join(", ", quoted));
            }
        }
    }

    /** A present, non-null field. */
    public static JsonNode field(JsonNode parent, String path) {
        JsonNode n = parent.get(key(path));
        if (n == null || n.isNull()) {
            throw new ModelFormatException("model file: missing field '" + path + "'");
        }
        return n;
    }

    public static JsonNode object(JsonNode parent, String path) {
        JsonNode n = field(parent, path);
        if (!n.isObject()) {
            throw new ModelFormatException("model file: field '" + path + "' must be an object");
        }
        return n;
    }

    public static String text(JsonNode parent, String path) {
        JsonNode n = field(parent, path);
        if (!n.isTextual()) {
            throw new ModelFormatException("model file: field '" + path + "' must be a string, got " + n);
        }
        return n.textValue();
    }

    public static boolean bool(JsonNode parent, String path) {
        JsonNode n = field(parent, path);
        if (!n.isBoolean()) {
            throw new ModelFormatException("model file: field '" + path + "' must be true or false, got " + n);
        }
        return n.booleanValue();
    }

    /** A whole number (an int) of at least {@code min}. */
    public static int integer(JsonNode parent, String path, int min) {
        return integerOf(field(parent, path), path, min);
    }

    /** As {@link #integer(JsonNode, String, int)} for a node already in hand. */
    public static int integerOf(JsonNode n, String path, int min) {
        if (n == null || !n.isInt() || n.intValue() < min) {
            throw new ModelFormatException("model file: field '" + path + "' must be a whole number >= " + min
                    + ", got " + n);
        }
        return n.intValue();
    }

    /** A finite number; {@code positive} additionally requires it to be > 0. */
    public static double number(JsonNode parent, String path, boolean positive) {
        return numberOf(field(parent, path), path, positive, false);
    }

    /** A finite number in hand; {@code positive}: > 0, {@code nonNegative}: >= 0. */
    public static double numberOf(JsonNode n, String path, boolean positive, boolean nonNegative) {
        if (n == null || !n.isNumber()) {
            throw new ModelFormatException("model file: field '" + path + "' must be a number, got " + n);
        }
        double d = n.doubleValue();
        if (!Double.isFinite(d)) {
            throw new ModelFormatException("model file: field '" + path + "' is not finite: " + d);
        }
        if (positive && !(d > 0)) {
            throw new ModelFormatException("model file: field '" + path + "' must be > 0, got " + d);
        }
        if (nonNegative && d < 0) {
            // counts and sums of squares (a Gaussian feature's m2) alike
            throw new ModelFormatException("model file: field '" + path + "' is negative: " + d + "; expected a count or a"
                    + " sum of squares, >= 0");
        }
        return d;
    }

    /**
     * An array of finite numbers of the given length ({@code -1}: any length); {@code positive} requires
     * every element to be > 0, {@code nonNegative} every element to be >= 0.
     */
    public static double[] numbers(JsonNode parent, String path, int length, boolean positive, boolean nonNegative) {
        return numbersOf(field(parent, path), path, length, positive, nonNegative);
    }

    /** As {@link #numbers(JsonNode, String, int, boolean, boolean)} for a node already in hand. */
    public static double[] numbersOf(JsonNode n, String path, int length, boolean positive, boolean nonNegative) {
        checkArray(n, path, length);
        double[] out = new double[n.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = numberOf(n.get(i), path + "[" + i + "]", positive, nonNegative);
        }
        return out;
    }

    /** Distinct strings, {@code length} of them ({@code -1}: any number). */
    public static List<String> strings(JsonNode parent, String path, int length) {
        JsonNode n = field(parent, path);
        checkArray(n, path, length);
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode e = n.get(i);
            if (!e.isTextual()) {
                throw new ModelFormatException("model file: field '" + path + "[" + i + "]' must be a string");
            }
            if (!seen.add(e.textValue())) {
                throw new ModelFormatException("model file: field '" + path + "' repeats '" + e.textValue() + "'");
            }
            out.add(e.textValue());
        }
        return out;
    }

    /** An array's elements, checking it is an array of {@code length} entries ({@code -1}: any). */
    public static List<JsonNode> array(JsonNode parent, String path, int length) {
        JsonNode n = field(parent, path);
        checkArray(n, path, length);
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
    }

    private static void checkArray(JsonNode n, String path, int length) {
        if (n == null || !n.isArray()) {
            throw new ModelFormatException("model file: field '" + path + "' must be an array");
        }
        if (length >= 0 && n.size() != length) {
            throw new ModelFormatException("model file: field '" + path + "' has " + n.size() + " entries, expected "
                    + length);
        }
    }

    /**
     * Classes: at least {@code min}, distinct, in class order as every Plate classifier returns them
     * ({@link LevelNumbers#sorted}: by value when every class is a number, 2, 10, 100; else by text).
     */
    public static List<String> classes(JsonNode root, int min) {
        List<String> classes = strings(root, "classes", -1);
        if (classes.size() < min) {
            throw new ModelFormatException("model file: field 'classes' needs at least " + min + " classes, has "
                    + classes.size());
        }
        List<String> ordered = LevelNumbers.sorted(classes);
        for (int i = 0; i < classes.size(); i++) {
            if (i > 0 && classes.get(i).equals(classes.get(i - 1)) || !classes.get(i).equals(ordered.get(i))) {
                throw new ModelFormatException("model file: field 'classes' is not in sorted order (by value when "
                        + "every class is a number, else by text) at '" + classes.get(i) + "'");
            }
        }
        return classes;
    }

    /** Class counts that are counts (>= 0) and not all zero: a model must have seen a row of some class. */
    public static double[] classCounts(JsonNode parent, String path, int classes) {
        double[] n = numbers(parent, path, classes, false, true);
        double total = 0;
        for (double v : n) {
            total += v;
        }
        if (!(total > 0)) {
            throw new ModelFormatException("model file: field '" + path + "' is all zero: the model has seen no row");
        }
        return n;
    }

    public static void put(ObjectNode node, String name, double[] values) {
        ArrayNode a = node.putArray(name);
        for (double v : values) {
            a.add(v);
        }
    }

    public static void put(ObjectNode node, String name, List<String> values) {
        ArrayNode a = node.putArray(name);
        values.forEach(a::add);
    }
}

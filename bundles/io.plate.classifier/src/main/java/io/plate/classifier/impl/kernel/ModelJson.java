package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.Provenance;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writing and strictly reading the model-file JSON of the kernel learners and the perceptron:
 * {@code {"format": "plate-model", "version": 1, "type": …, "provenance": {…}, …}}. Every read names
 * the field at fault: a missing field, a wrong length, a non-finite or out-of-range number is a
 * {@link ModelFormatException}. Doubles are written by Jackson with {@link Double#toString}, so they
 * read back to the same value.
 */
public final class ModelJson {
    public static final String FORMAT = "plate-model";
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private ModelJson() {
    }

    /** A new root object with the format, version, type and provenance fields filled in. */
    public static ObjectNode header(String type, Provenance p) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.put("type", type);
        ObjectNode prov = root.putObject("provenance");
        prov.put("learner", p.learner());
        ObjectNode params = prov.putObject("params");
        new java.util.TreeMap<>(p.params()).forEach(params::put);
        prov.put("seed", p.seed());
        prov.put("dataSummary", p.dataSummary());
        prov.put("plateVersion", p.plateVersion());
        prov.put("created", p.created());
        return root;
    }

    /** The provenance of a fit made now. */
    public static Provenance provenance(String learner, io.plate.api.learn.Params params, long seed,
            io.plate.api.data.Dataset data) {
        return new Provenance(learner, params.asMap(), seed, data.summary(), io.plate.api.Plate.VERSION,
                java.time.Instant.now().toString());
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Writes {@code root} to {@code out} (pretty-printed); does not close the stream. */
    public static void write(OutputStream out, ObjectNode root) throws IOException {
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, root);
        out.flush();
    }

    /**
     * Parses a model file and checks its header: format {@code plate-model}, version 1, the expected type.
     */
    public static JsonNode read(InputStream in, String expectedType) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            throw new ModelFormatException("model file is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new ModelFormatException("model file: expected a JSON object");
        }
        String format = text(root, "format");
        if (!FORMAT.equals(format)) {
            throw new ModelFormatException("model file: field 'format' is '" + format + "', expected '" + FORMAT + "'");
        }
        JsonNode v = field(root, "version");
        if (!v.isInt() || v.intValue() != VERSION) {
            throw new ModelFormatException("model file: unsupported 'version' " + v + " (this Plate reads version "
                    + VERSION + ")");
        }
        String type = text(root, "type");
        if (!expectedType.equals(type)) {
            throw new ModelFormatException("model file: field 'type' is '" + type + "', expected '" + expectedType + "'");
        }
        return root;
    }

    public static Provenance provenance(JsonNode root) {
        JsonNode p = field(root, "provenance");
        if (!p.isObject()) {
            throw new ModelFormatException("model file: field 'provenance' must be an object");
        }
        JsonNode params = field(p, "provenance.params", "params");
        if (!params.isObject()) {
            throw new ModelFormatException("model file: field 'provenance.params' must be an object");
        }
        Map<String, String> map = new LinkedHashMap<>();
        params.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
        JsonNode seed = field(p, "provenance.seed", "seed");
        if (!seed.canConvertToLong()) {
            throw new ModelFormatException("model file: field 'provenance.seed' must be a whole number, got " + seed);
        }
        return new Provenance(text(p, "provenance.learner", "learner"), map, seed.longValue(),
                text(p, "provenance.dataSummary", "dataSummary"), text(p, "provenance.plateVersion", "plateVersion"),
                text(p, "provenance.created", "created"));
    }

    public static JsonNode field(JsonNode parent, String name) {
        return field(parent, name, name.substring(name.lastIndexOf('.') + 1));
    }

    private static JsonNode field(JsonNode parent, String path, String key) {
        JsonNode n = parent.get(key);
        if (n == null || n.isNull()) {
            throw new ModelFormatException("model file: missing field '" + path + "'");
        }
        return n;
    }

    public static String text(JsonNode parent, String name) {
        return text(parent, name, name.substring(name.lastIndexOf('.') + 1));
    }

    private static String text(JsonNode parent, String path, String key) {
        JsonNode n = field(parent, path, key);
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

    public static int integer(JsonNode parent, String path, int min) {
        JsonNode n = field(parent, path);
        if (!n.isInt() || n.intValue() < min) {
            throw new ModelFormatException("model file: field '" + path + "' must be a whole number >= " + min
                    + ", got " + n);
        }
        return n.intValue();
    }

    /** A finite number; {@code positive} additionally requires it to be > 0. */
    public static double number(JsonNode parent, String path, boolean positive) {
        return check(field(parent, path), path, positive);
    }

    private static double check(JsonNode n, String where, boolean positive) {
        if (!n.isNumber()) {
            throw new ModelFormatException("model file: field '" + where + "' must be a number, got " + n);
        }
        double d = n.doubleValue();
        if (!Double.isFinite(d)) {
            throw new ModelFormatException("model file: field '" + where + "' is not finite: " + d);
        }
        if (positive && !(d > 0)) {
            throw new ModelFormatException("model file: field '" + where + "' must be > 0, got " + d);
        }
        return d;
    }

    /**
     * A array of finite numbers of the given length ({@code -1}: any length); {@code positive} requires
     * every element to be > 0, {@code nonNegative} every element to be >= 0.
     */
    public static double[] numbers(JsonNode parent, String path, int length, boolean positive, boolean nonNegative) {
        return numbersOf(field(parent, path), path, length, positive, nonNegative);
    }

    /** As {@link #numbers(JsonNode, String, int, boolean, boolean)} for a node already in hand. */
    public static double[] numbersOf(JsonNode n, String path, int length, boolean positive, boolean nonNegative) {
        if (!n.isArray()) {
            throw new ModelFormatException("model file: field '" + path + "' must be an array");
        }
        if (length >= 0 && n.size() != length) {
            throw new ModelFormatException("model file: field '" + path + "' has " + n.size() + " values, expected "
                    + length);
        }
        double[] out = new double[n.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = check(n.get(i), path + "[" + i + "]", positive);
            if (nonNegative && out[i] < 0) {
                throw new ModelFormatException("model file: field '" + path + "[" + i + "]' must be >= 0, got " + out[i]);
            }
        }
        return out;
    }

    /** Distinct strings, {@code length} of them ({@code -1}: any number). */
    public static List<String> strings(JsonNode parent, String path, int length) {
        JsonNode n = field(parent, path);
        if (!n.isArray()) {
            throw new ModelFormatException("model file: field '" + path + "' must be an array");
        }
        if (length >= 0 && n.size() != length) {
            throw new ModelFormatException("model file: field '" + path + "' has " + n.size() + " entries, expected "
                    + length);
        }
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

    /** An array node's elements, checking it is an array of {@code length} entries ({@code -1}: any). */
    public static List<JsonNode> array(JsonNode parent, String path, int length) {
        JsonNode n = field(parent, path);
        if (!n.isArray()) {
            throw new ModelFormatException("model file: field '" + path + "' must be an array");
        }
        if (length >= 0 && n.size() != length) {
            throw new ModelFormatException("model file: field '" + path + "' has " + n.size() + " entries, expected "
                    + length);
        }
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
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

    /** Classes: non-empty, distinct, sorted (as every Plate classifier returns them). */
    public static List<String> classes(JsonNode root, int min) {
        List<String> classes = strings(root, "classes", -1);
        if (classes.size() < min) {
            throw new ModelFormatException("model file: field 'classes' needs at least " + min + " classes, has "
                    + classes.size());
        }
        for (int i = 1; i < classes.size(); i++) {
            if (classes.get(i - 1).compareTo(classes.get(i)) >= 0) {
                throw new ModelFormatException("model file: field 'classes' is not in sorted order at '"
                        + classes.get(i) + "'");
            }
        }
        return classes;
    }
}

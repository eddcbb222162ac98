package io.plate.modelfile;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.BundleOrigin;
import io.plate.api.PlateException;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The one writer and reader of the model-file header:
 * {@code {"format": "plate-model", "version": 1, "type": …, "provenance": {"learner", "params", "seed",
 * "dataSummary", "plateVersion", "created", "dataImport" (optional: the training data's import options),
 * "bundle" (the learner's bundle and version, "io.plate.classifier 0.1.0"; absent in files of Plate 0.1.0 before it:
 * read as not known)},
 * …body…}}.
 *
 * <p>Reading is strict for every model type: invalid JSON, a key given twice (at any depth), a field
 * the type does not define (at the top or in {@code provenance}), another format, version or type, a
 * provenance learner other than the type, a non-integral seed and parameters that the learner's
 * parameter descriptions refuse (unknown name, wrong type, out of range) are each a
 * {@link ModelFormatException} that names the field.
 */
public final class ModelFile {
    public static final String FORMAT = "plate-model";
    public static final int VERSION = 1;

    private static final List<String> HEADER = List.of("format", "version", "type", "provenance");
    private static final Set<String> PROVENANCE = Set.of("learner", "params", "seed", "dataSummary", "plateVersion",
            "created", "dataImport", "bundle");
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private ModelFile() {
    }

    /** Writes a model file's body fields; called after the header, inside the root object. */
    @FunctionalInterface
    public interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    /** A model file's parsed content: the root object, its provenance and its checked parameters. */
    public record Contents(JsonNode root, Provenance provenance, Params params) {
    }

    /** A new, empty object node for a body built as a tree. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /**
     * Writes a whole model file, pretty-printed: the header of {@code type} and {@code provenance}
     * (parameters sorted by name), then {@code body}. Does not close {@code out}.
     */
    public static void write(OutputStream out, String type, Provenance provenance, Body body) throws IOException {
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            g.writeStringField("type", type);
            g.writeObjectFieldStart("provenance");
            g.writeStringField("learner", provenance.learner());
            g.writeObjectFieldStart("params");
            for (Map.Entry<String, String> e : new TreeMap<>(provenance.params()).entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeNumberField("seed", provenance.seed());
            g.writeStringField("dataSummary", provenance.dataSummary());
            g.writeStringField("plateVersion", provenance.plateVersion());
            g.writeStringField("created", provenance.created());
            if (!provenance.dataImport().isEmpty()) {
                g.writeObjectFieldStart("dataImport");
                for (Map.Entry<String, String> e : new TreeMap<>(provenance.dataImport()).entrySet()) {
                    g.writeStringField(e.getKey(), e.getValue());
                }
                g.writeEndObject();
            }
            if (provenance.bundle().known()) {
                g.writeStringField("bundle", provenance.bundle().toString());
            }
            g.writeEndObject();
            body.write(g);
            g.writeEndObject();
        }
        out.flush();
    }

    /** As {@link #write(OutputStream, String, Provenance, Body)} with the body's fields taken from a tree. */
    public static void write(OutputStream out, String type, Provenance provenance, ObjectNode body)
            throws IOException {
        write(out, type, provenance, body(body));
    }

    /** A body that writes the fields of {@code fields}, in order. */
    public static Body body(ObjectNode fields) {
        return g -> {
            for (Iterator<Map.Entry<String, JsonNode>> it = fields.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                g.writeFieldName(e.getKey());
                MAPPER.writeTree(g, e.getValue());
            }
        };
    }

    /**
     * Reads a model file of {@code type}: checks the header and provenance, validates the provenance's
     * parameters against {@code specs} (defaults filled in) and refuses top-level fields other than the
     * header's and {@code body}'s. The body's own fields are the caller's to read with {@link Fields}.
     */
    public static Contents read(InputStream in, String type, List<ParamSpec> specs, Set<String> body)
            throws IOException {
        JsonNode root = parse(in);
        Set<String> allowed = new LinkedHashSet<>(HEADER);
        allowed.addAll(body);
        Fields.only(root, "", allowed, type + " file");
        String found = checkHeader(root);
        if (!type.equals(found)) {
            throw new ModelFormatException("model file: field 'type' is '" + found + "', expected '" + type + "'");
        }
        JsonNode prov = Fields.object(root, "provenance");
        Fields.only(prov, "provenance.", PROVENANCE, "provenance");
        String learner = Fields.text(prov, "provenance.learner");
        if (!learner.equals(type)) {
            throw new ModelFormatException("model file: field 'provenance.learner' is '" + learner
                    + "', expected '" + type + "'");
        }
        Map<String, String> given = textFields(Fields.object(prov, "provenance.params"), "provenance.params.");
        Params params;
        try {
            params = Params.parse(specs, given);
        } catch (PlateException e) {
            throw new ModelFormatException("model file: field 'provenance.params': " + e.getMessage(), e);
        }
        Map<String, String> dataImport = prov.has("dataImport") ? textFields(Fields.object(prov, "provenance.dataImport"),
                "provenance.dataImport.") : Map.of();
        JsonNode seed = Fields.field(prov, "provenance.seed");
        if (!seed.isIntegralNumber() || !seed.canConvertToLong()) {
            throw new ModelFormatException("model file: field 'provenance.seed' must be a whole number, got " + seed);
        }
        BundleOrigin bundle = BundleOrigin.NONE;
        if (prov.has("bundle")) {
            try {
                bundle = BundleOrigin.parse(Fields.text(prov, "provenance.bundle"));
            } catch (IllegalArgumentException e) {
                throw new ModelFormatException("model file: field 'provenance.bundle': " + e.getMessage(), e);
            }
        }
        Provenance provenance = new Provenance(learner, params.asMap(), seed.longValue(),
                Fields.text(prov, "provenance.dataSummary"), Fields.text(prov, "provenance.plateVersion"),
                Fields.text(prov, "provenance.created"), dataImport, bundle);
        return new Contents(root, provenance, params);
    }

    /** The fields of {@code object}, each of which must be text; {@code path} prefixes their names in errors. */
    private static Map<String, String> textFields(JsonNode object, String path) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual()) {
                throw new ModelFormatException("model file: field '" + path + e.getKey() + "' must be text, got "
                        + e.getValue());
            }
            out.put(e.getKey(), e.getValue().textValue());
        }
        return out;
    }

    /**
     * The type named by a model file, after checking that it is valid JSON without repeated keys and
     * that its format and version are known; the learner of that type reads the rest.
     */
    public static String type(InputStream in) throws IOException {
        return checkHeader(parse(in));
    }

    private static JsonNode parse(InputStream in) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            throw new ModelFormatException(JsonSyntax.describe(e), e);
        }
        if (root == null || !root.isObject()) {
            throw new ModelFormatException("not a Plate model file (not a JSON object)");
        }
        return root;
    }

    private static String checkHeader(JsonNode root) {
        JsonNode format = root.get("format");
        if (format == null || !FORMAT.equals(format.asText(null))) {
            throw new ModelFormatException("not a Plate model file (field 'format' is not '" + FORMAT + "')");
        }
        JsonNode version = root.get("version");
        if (version == null || !version.isInt() || version.intValue() != VERSION) {
            throw new ModelFormatException("model file version " + version + " is not supported (known: " + VERSION
                    + ")");
        }
        return Fields.text(root, "type");
    }
}

package io.plate.classifier.impl;

import com.fasterxml.jackson.databind.JsonNode;
import io.plate.api.learn.ModelFormatException;
import java.util.ArrayList;
import java.util.List;

/** Checked reads of a model file's JSON tree; every failure names the field's path. */
final class JsonFields {
    private JsonFields() {
    }

    static JsonNode field(JsonNode node, String name, String path) {
        JsonNode v = node.get(name);
        if (v == null || v.isNull()) {
            throw new ModelFormatException("model file: field '" + path + name + "' is missing");
        }
        return v;
    }

    static JsonNode object(JsonNode node, String name, String path) {
        JsonNode v = field(node, name, path);
        if (!v.isObject()) {
            throw new ModelFormatException("model file: field '" + path + name + "' must be an object");
        }
        return v;
    }

    static JsonNode array(JsonNode node, String name, String path, int length) {
        JsonNode v = field(node, name, path);
        if (!v.isArray()) {
            throw new ModelFormatException("model file: field '" + path + name + "' must be an array");
        }
        if (length >= 0 && v.size() != length) {
            throw new ModelFormatException("model file: field '" + path + name + "' has " + v.size()
                    + " entries, expected " + length);
        }
        return v;
    }

    static String text(JsonNode node, String name, String path) {
        JsonNode v = field(node, name, path);
        if (!v.isTextual()) {
            throw new ModelFormatException("model file: field '" + path + name + "' must be text");
        }
        return v.asText();
    }

    static List<String> texts(JsonNode node, String name, String path) {
        JsonNode a = array(node, name, path, -1);
        List<String> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).isTextual()) {
                throw new ModelFormatException("model file: '" + path + name + "[" + i + "]' must be text");
            }
            out.add(a.get(i).asText());
        }
        if (new java.util.HashSet<>(out).size() != out.size()) {
            throw new ModelFormatException("model file: '" + path + name + "' has duplicate entries");
        }
        return out;
    }

    /** A finite number; with {@code count} also >= 0. */
    static double number(JsonNode v, String where, boolean count) {
        if (v == null || !v.isNumber()) {
            throw new ModelFormatException("model file: '" + where + "' must be a number");
        }
        double d = v.asDouble();
        if (!Double.isFinite(d)) {
            throw new ModelFormatException("model file: '" + where + "' is not finite: " + d);
        }
        if (count && d < 0) {
            throw new ModelFormatException("model file: '" + where + "' is a negative count: " + d);
        }
        return d;
    }

    /** An array of exactly {@code length} finite numbers (counts when {@code count}). */
    static double[] numbers(JsonNode node, String name, String path, int length, boolean count) {
        JsonNode a = array(node, name, path, length);
        double[] out = new double[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = number(a.get(i), path + name + "[" + i + "]", count);
        }
        return out;
    }

    /** Element {@code i} of {@code array}: an array of exactly {@code length} finite counts. */
    static double[] numbers(JsonNode array, int i, String path, int length) {
        JsonNode a = array.get(i);
        String where = path + "[" + i + "]";
        if (a == null || !a.isArray() || a.size() != length) {
            throw new ModelFormatException("model file: '" + where + "' must be an array of " + length + " numbers");
        }
        double[] out = new double[length];
        for (int j = 0; j < length; j++) {
            out[j] = number(a.get(j), where + "[" + j + "]", true);
        }
        return out;
    }
}

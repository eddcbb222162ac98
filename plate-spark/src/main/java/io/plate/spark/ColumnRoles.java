package io.plate.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.PlateException;
import io.plate.api.data.LevelNumbers;
import io.plate.api.text.Plural;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.Labels;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import io.plate.importers.impl.TextCounts;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;

/**
 * How the columns of a DataFrame map to Plate's feature blocks, with the tables every partition shares:
 * the label column and its classes (sorted as a fit sorts them) or a numeric target (regression, as
 * {@code plate:import} reads a label column of numbers), categorical columns (string and boolean
 * columns, or any named in {@code categorical}) with their levels in the importers' order, numeric
 * columns, and one count column (a Spark ML vector) with its vocabulary. Travels to executors as JSON.
 */
final class ColumnRoles {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    final String label;
    final List<String> classes;
    /** A label column of numbers read as a numeric target (regression), not classes; null when none. */
    final String target;
    final List<String> categorical;
    final List<List<String>> levels;
    final List<String> numeric;
    final String counts;
    final List<String> vocabulary;
    /**
     * Per text column (categorical or label), the cell texts the importers spell otherwise ({@code 1.0} is
     * {@code 1} in a column of numbers: {@link LevelNumbers#levels}); applied to the rows by {@link PlateFrame},
     * so it does not travel to the executors. Empty when every cell is written as its level.
     */
    final Map<String, Map<String, String>> spellings;

    ColumnRoles(String label, List<String> classes, String target, List<String> categorical, List<List<String>> levels,
            List<String> numeric, String counts, List<String> vocabulary) {
        this(label, classes, target, categorical, levels, numeric, counts, vocabulary, Map.of());
    }

    private ColumnRoles(String label, List<String> classes, String target, List<String> categorical, List<List<String>> levels,
            List<String> numeric, String counts, List<String> vocabulary, Map<String, Map<String, String>> spellings) {
        this.spellings = spellings;
        this.label = label;
        this.classes = classes;
        this.target = target;
        this.categorical = categorical;
        this.levels = levels;
        this.numeric = numeric;
        this.counts = counts;
        this.vocabulary = vocabulary;
    }

    /**
     * The roles of the columns of {@code df}, with classes and levels found by one distributed pass.
     *
     * @param label the label column, or null for unlabelled data (prediction)
     * @param forceCategorical columns read as categorical whatever their type
     * @param vocabulary the words of the vector column, or null to name them "1".."n" as the LibSVM importer does
     */
    static ColumnRoles of(org.apache.spark.sql.Dataset<Row> df, String label, Set<String> forceCategorical,
            List<String> vocabulary) {
        return of(df, label, null, forceCategorical, vocabulary);
    }

    /**
     * As {@link #of(org.apache.spark.sql.Dataset, String, Set, List)}, with {@code target} (or null), a numeric
     * column read as the numeric target instead of a label: no classes, and not a feature.
     */
    static ColumnRoles of(org.apache.spark.sql.Dataset<Row> df, String label, String target, Set<String> forceCategorical,
            List<String> vocabulary) {
        Set<String> names = new LinkedHashSet<>(Arrays.asList(df.columns()));
        for (String l : Arrays.asList(label, target)) {
            if (l != null && !names.contains(l)) {
                throw new PlateException("no label column '" + l + "'; columns are " + names);
            }
        }
        for (String c : forceCategorical) {
            if (!names.contains(c)) {
                throw new PlateException("no column '" + c + "' to read as categorical; columns are " + names);
            }
        }
        List<String> categorical = new ArrayList<>();
        List<String> numeric = new ArrayList<>();
        String counts = null;
        for (StructField f : df.schema().fields()) {
            String n = f.name();
            DataType t = f.dataType();
            if (n.equals(label) || n.equals(target)) {
                continue;
            }
            if (t instanceof VectorUDT) {
                if (counts != null) {
                    throw new PlateException("two vector columns, '" + counts + "' and '" + n + "'; keep one");
                }
                counts = n;
            } else if (forceCategorical.contains(n) || t instanceof StringType || t instanceof BooleanType) {
                categorical.add(n);
            } else if (t instanceof NumericType) {
                numeric.add(n);
            } else {
                throw new PlateException("column '" + n + "' has type " + t.simpleString()
                        + ", which maps to no Plate feature block; drop it");
            }
        }
        List<Column> sets = new ArrayList<>();
        for (String c : categorical) {
            sets.add(functions.collect_set(PlateFrame.column(c)));
        }
        if (label != null) {
            sets.add(functions.collect_set(PlateFrame.column(label)));
        }
        sets.add(functions.count(functions.lit(1)));
        List<List<String>> levels = new ArrayList<>();
        List<String> classes = List.of();
        Map<String, Map<String, String>> spellings = new HashMap<>();
        if (sets.size() > 1) {
            Row r = df.agg(sets.get(0), sets.subList(1, sets.size()).toArray(new Column[0])).first();
            List<String> commaNumbers = new ArrayList<>();
            for (int i = 0; i < categorical.size(); i++) {
                levels.add(sortedLevels(spelled(df, categorical.get(i), forceCategorical.contains(categorical.get(i)), r.getList(i),
                        spellings)));
                if (!forceCategorical.contains(categorical.get(i)) && CsvImporter.decimalCommaNumbers(levels.get(i))) {
                    commaNumbers.add(categorical.get(i));
                }
            }
            long rows = r.getLong(sets.size() - 1);
            for (int i = 0; i < categorical.size(); i++) {
                identifierWarning(categorical.get(i), levels.get(i), rows);
            }
            if (!commaNumbers.isEmpty()) { // as the CSV importer warns
                org.slf4j.LoggerFactory.getLogger(ColumnRoles.class).warn("columns {} hold numbers written with a"
                        + " decimal comma and became categorical features: give --decimal , to read them as numbers",
                        commaNumbers);
            }
            if (label != null) {
                classes = NaiveBayesStatistics.classes(sortedLevels(spelled(df, label, true, r.getList(categorical.size()),
                        spellings)));
                if (classes.isEmpty()) {
                    throw new PlateException(rows == 0 ? "no data rows" : "label column '" + label + "' has no values");
                }
                if (Labels.nearlyOnePerRow(classes.size(), rows)) { // the importers' rule (a regression target, an id)
                    throw new PlateException(String.format(Locale.ROOT, "label column '%s' has %,d distinct values"
                            + " in %,d rows, nearly one per row: not a class column; name the class column with"
                            + " --label COLUMN (a numeric target is regression, which runs in the shell:"
                            + " plate:import FILE --label %s, then kernel.regression)", label, classes.size(), rows, label));
                }
            }
        }
        List<String> vocab = vocabulary;
        if (counts != null && vocab == null) {
            Row first = df.select(PlateFrame.column(counts)).first();
            int n = ((Vector) first.get(0)).size();
            vocab = new ArrayList<>(n);
            for (int j = 1; j <= n; j++) {
                vocab.add(Integer.toString(j));
            }
        }
        return new ColumnRoles(label, classes, target, categorical, levels, numeric, counts,
                vocab == null ? List.of() : vocab, Map.copyOf(spellings));
    }

    /**
     * The distinct levels of {@code column} whose distinct cells are {@code values}, as the importers make them: in the
     * label or a text column {@code named} categorical, whose cells are all numbers, the spellings of one value are one
     * level ({@code 0.0}, {@code 1.0} as written by pandas or Spark ML are {@code 0}, {@code 1}; {@link LevelNumbers#levels}),
     * a code such as {@code 007} stays as written; any other text column is text because its cells are not numbers as
     * the file writes them ({@code 1.500} under a decimal comma), and stays as written, as in the importer. The texts
     * spelled otherwise are put in {@code spellings}; other types' cells are already their level ({@link PartitionData#text}).
     */
    private static List<String> spelled(org.apache.spark.sql.Dataset<Row> df, String column, boolean named,
            List<Object> values, Map<String, Map<String, String>> spellings) {
        List<String> texts = new ArrayList<>(values.size());
        for (Object v : values) {
            texts.add(PartitionData.text(v));
        }
        if (!named || !(df.schema().apply(column).dataType() instanceof StringType)) {
            return texts;
        }
        List<String> level = LevelNumbers.levels(texts);
        Map<String, String> changed = new HashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            if (!level.get(i).equals(texts.get(i))) {
                changed.put(texts.get(i), level.get(i));
            }
        }
        if (!changed.isEmpty()) {
            spellings.put(column, changed);
        }
        return new ArrayList<>(new LinkedHashSet<>(level));
    }

    /**
     * The CSV importer's warning for a categorical feature with (nearly) one level per row, an identifier, a name or
     * free text ({@link Labels#onePerRowWarning}): a column of numbers is named categorical on purpose and is not warned
     * about, as in the importer.
     */
    private static void identifierWarning(String column, List<String> levels, long rows) {
        if (levels.stream().allMatch(l -> !Double.isNaN(io.plate.api.data.LevelNumbers.value(l)))) {
            return;
        }
        int looked = Math.min(levels.size(), CsvImporter.FREE_TEXT_LEVELS);
        int withSpace = (int) levels.subList(0, looked).stream().filter(l -> l.indexOf(' ') >= 0).count();
        String warning = Labels.onePerRowWarning(column, levels.size(), rows, withSpace, looked, "--format text"
                + " --text-column " + io.plate.api.text.ShellWord.of(column));
        if (warning != null) {
            org.slf4j.LoggerFactory.getLogger(ColumnRoles.class).warn(warning);
        }
    }

    /** Level texts in the importers' order (numbers by value, else by code point). */
    private static List<String> sortedLevels(List<String> texts) {
        return TextCounts.sortedLevels(texts);
    }

    /** The same roles for data without labels (a DataFrame to score). */
    ColumnRoles withoutLabel() {
        return new ColumnRoles(null, List.of(), null, categorical, levels, numeric, counts, vocabulary);
    }

    /** The columns this mapping reads, in the order {@link PartitionData} expects them. */
    Column[] columns() {
        List<Column> c = new ArrayList<>();
        if (label != null) {
            c.add(PlateFrame.column(label));
        }
        if (target != null) {
            c.add(PlateFrame.column(target));
        }
        for (String n : categorical) {
            c.add(PlateFrame.column(n));
        }
        for (String n : numeric) {
            c.add(PlateFrame.column(n));
        }
        if (counts != null) {
            c.add(PlateFrame.column(counts));
        }
        return c.toArray(new Column[0]);
    }

    String toJson() {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("label", label);
        strings(o.putArray("classes"), classes);
        o.put("target", target);
        strings(o.putArray("categorical"), categorical);
        ArrayNode lv = o.putArray("levels");
        for (List<String> l : levels) {
            strings(lv.addArray(), l);
        }
        strings(o.putArray("numeric"), numeric);
        o.put("counts", counts);
        strings(o.putArray("vocabulary"), vocabulary);
        try {
            return MAPPER.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ColumnRoles fromJson(String json) {
        try {
            ObjectNode o = (ObjectNode) MAPPER.readTree(json);
            List<List<String>> levels = new ArrayList<>();
            for (com.fasterxml.jackson.databind.JsonNode l : o.get("levels")) {
                levels.add(strings(l));
            }
            return new ColumnRoles(o.get("label").isNull() ? null : o.get("label").asText(), strings(o.get("classes")),
                    o.get("target").isNull() ? null : o.get("target").asText(), strings(o.get("categorical")), levels, strings(o.get("numeric")),
                    o.get("counts").isNull() ? null : o.get("counts").asText(), strings(o.get("vocabulary")));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void strings(ArrayNode a, List<String> values) {
        for (String s : values) {
            a.add(s);
        }
    }

    private static List<String> strings(com.fasterxml.jackson.databind.JsonNode a) {
        List<String> out = new ArrayList<>(a.size());
        for (com.fasterxml.jackson.databind.JsonNode n : a) {
            out.add(n.asText());
        }
        return Collections.unmodifiableList(out);
    }

    /** One line for a model's provenance: the blocks and the sizes of their tables. */
    String summary(long rows) {
        StringBuilder s = new StringBuilder("Spark DataFrame: ");
        if (rows >= 0) {
            s.append(rows).append(" rows, ");
        }
        s.append(categorical.size()).append(" categorical, ").append(numeric.size()).append(" numeric");
        if (counts != null) {
            s.append(", ").append(vocabulary.size()).append(" words in '").append(counts).append("'");
        }
        if (label != null) {
            s.append(", ").append(Plural.of(classes.size(), "class", "classes")).append(" in '").append(label).append("'");
        }
        if (target != null) {
            s.append(", numeric target '").append(target).append("'");
        }
        return s.toString();
    }
}

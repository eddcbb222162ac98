package io.plate.spark;

import io.plate.api.PlateException;
import io.plate.api.data.ImportOptions;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.Labels;
import io.plate.importers.impl.LibSvmImporter;
import io.plate.importers.impl.NumberStyle;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * A Spark DataFrame with the roles of its columns in Plate's terms (label, categorical, numeric, counts).
 * Made from any DataFrame or read with Spark's own readers: CSV (header row; {@code ?} and empty cells are
 * missing), Parquet and LibSVM (1-based by Spark's reader; 0-based as scikit-learn writes, or with query ids, by the importer's parser).
 */
public final class PlateFrame {
    private final org.apache.spark.sql.Dataset<Row> rows;
    private final ColumnRoles roles;

    PlateFrame(org.apache.spark.sql.Dataset<Row> rows, ColumnRoles roles) {
        this.rows = spelledAsLevels(rows, roles.spellings);
        this.roles = roles;
    }

    /**
     * {@code rows} with each text cell that {@code spellings} lists written as its level ({@code 1.0} as {@code 1},
     * {@link ColumnRoles#spellings}), so that features, labels and the accuracy's comparison see the importers' levels.
     */
    private static org.apache.spark.sql.Dataset<Row> spelledAsLevels(org.apache.spark.sql.Dataset<Row> rows,
            java.util.Map<String, java.util.Map<String, String>> spellings) {
        if (spellings.isEmpty()) {
            return rows;
        }
        org.apache.spark.sql.Column[] out = new org.apache.spark.sql.Column[rows.columns().length];
        for (int i = 0; i < out.length; i++) {
            String n = rows.columns()[i];
            java.util.HashMap<String, String> levels = spellings.containsKey(n) ? new java.util.HashMap<>(spellings.get(n)) : null;
            out[i] = levels == null ? column(n) : functions.udf((org.apache.spark.sql.api.java.UDF1<String, String>)
                    t -> t == null ? null : levels.getOrDefault(t, t), org.apache.spark.sql.types.DataTypes.StringType)
                    .apply(column(n)).as(n);
        }
        return rows.select(out);
    }

    /**
     * @param label label column, or null for data to score
     * @param categorical columns read as categorical whatever their type (string columns always are)
     * @param vocabulary words of the vector column, or null for LibSVM names "1".."n"
     */
    public static PlateFrame of(org.apache.spark.sql.Dataset<Row> df, String label, Set<String> categorical,
            List<String> vocabulary) {
        return new PlateFrame(df, ColumnRoles.of(df, label, categorical, vocabulary));
    }

    /** A CSV file (or folder of parts) read by Spark, numeric columns inferred; {@code label} may be null. */
    public static PlateFrame csv(SparkSession spark, String path, String label, Set<String> categorical) {
        return of(csvRows(spark, path, null, NumberStyle.of(".", null), true, categorical, ImportOptions.defaults().missing(),
                ImportOptions.defaults()), label, categorical, null);
    }

    /**
     * A CSV as the CSV importer reads it: the {@code delimiter} given, else the one its first line shows (comma,
     * semicolon or tab), pandas' row index left out, numbers written in the importer's {@code style} (its decimal
     * and thousands separators); without a
     * {@code header} line (pandas' {@code to_csv(header=False)}, {@code --no-header}) the first line is data and
     * the columns are {@code V1..Vn}, as the importer names them. The {@code categorical} columns are read as
     * written, as {@code --categorical} makes the importer read them: codes such as {@code 007} keep their zeros.
     * The cells {@code missing} lists are missing values. The columns {@code ignoring} names ({@link #withoutIgnored})
     * are left out before any is read.
     */
    private static org.apache.spark.sql.Dataset<Row> csvRows(SparkSession spark, String path, Character delimiter,
            NumberStyle style, boolean header, Set<String> categorical, Set<String> missing, ImportOptions ignoring) {
        List<String> first = spark.read().textFile(path).limit(1).collectAsList();
        if (first.isEmpty()) { // an empty file, or a folder of empty parts: the importer's words
            throw new PlateException(path + ": " + CsvImporter.EMPTY_FILE);
        }
        char sep = delimiter != null ? delimiter : CsvImporter.detectDelimiter(first.get(0));
        org.apache.spark.sql.DataFrameReader reader = spark.read().option("header", Boolean.toString(header))
                .option("sep", String.valueOf(sep)).option("mode", "FAILFAST");
        if (missing.contains("?")) { // Spark's reader knows one marker; the others are read below
            reader.option("nullValue", "?");
        }
        org.apache.spark.sql.Dataset<Row> read = reader.option("inferSchema", "true").csv(path);
        org.apache.spark.sql.types.StructField[] fields = read.schema().fields();
        boolean retype = false;
        for (int i = 0; i < fields.length; i++) { // the inferred types, but text for the categorical columns
            String name = header ? fields[i].name() : CsvImporter.columnName(i);
            org.apache.spark.sql.types.DataType type = fields[i].dataType();
            // and for fractions when the style is not plain: Spark read 1.500 as 1.5 where --decimal , keeps it as text
            boolean fraction = !style.plain() && (type instanceof org.apache.spark.sql.types.FractionalType
                    || type instanceof org.apache.spark.sql.types.DecimalType);
            if ((categorical.contains(name) || fraction) && !(type instanceof org.apache.spark.sql.types.StringType)) {
                fields[i] = new org.apache.spark.sql.types.StructField(fields[i].name(),
                        org.apache.spark.sql.types.DataTypes.StringType, true, fields[i].metadata());
                retype = true;
            }
        }
        if (retype) {
            read = reader.schema(new org.apache.spark.sql.types.StructType(fields)).csv(path);
        }
        org.apache.spark.sql.types.StructType schema = read.schema();
        read = InputFiles.inNameOrder(spark, path, read, f -> reader.schema(schema).csv(f));
        // Spark names the columns of a file without a header _c0.._c(n-1); there, only V1 numbering the rows is an index
        org.apache.spark.sql.Dataset<Row> df = withoutIgnored(header ? read : read.toDF(columnNames(read.columns().length)),
                path, ignoring);
        df = header ? withoutRowIndex(df, path) : withoutRowNumbers(df, path);
        return asImporterReadsCells(df, path, style, categorical, missing);
    }

    /**
     * {@code df}'s text columns read cell by cell as the CSV importer reads them: the {@code missing} markers
     * (by default the importer's, {@code ImportOptions.missing()}: '?', pandas' NA, nan, NULL, None, …; Spark
     * itself knows only one) are missing, and numbers are read in the importer's {@code style} by its own rule
     * ({@code NumberStyle.plain}: {@code 1,5} is 1.5 with {@code --decimal ,}, {@code 1.500,25} is 1500.25 with
     * {@code --thousands .}; {@code CsvImporter.isNumber}). A text column whose other cells are then all
     * numbers becomes numeric; in another text column, such a number is written in its plain form. A column of
     * numbers but for cells written with a '.' that the decimal comma does not read ({@code 2.000},
     * {@code NumberStyle.unread}) stays text with the importer's warning, and a few cells that are not numbers
     * among numbers are reported as the importer reports them ({@code CsvImporter.strayCells}), both from the same
     * aggregation. The {@code kept} columns (categorical by the user's word) only have their missing markers read.
     */
    private static org.apache.spark.sql.Dataset<Row> asImporterReadsCells(org.apache.spark.sql.Dataset<Row> df,
            String path, NumberStyle style, Set<String> kept, Set<String> missingMarkers) {
        List<String> texts = new java.util.ArrayList<>();
        for (org.apache.spark.sql.types.StructField f : df.schema().fields()) {
            if (f.dataType() instanceof org.apache.spark.sql.types.StringType && !kept.contains(f.name())) {
                texts.add(f.name());
            }
        }
        if (texts.isEmpty() && kept.isEmpty()) {
            return df;
        }
        org.apache.spark.sql.expressions.UserDefinedFunction point = functions.udf(
                (org.apache.spark.sql.api.java.UDF1<String, String>) CsvImporter::withDecimalPoint,
                org.apache.spark.sql.types.DataTypes.StringType);
        org.apache.spark.sql.expressions.UserDefinedFunction number = functions.udf(
                (org.apache.spark.sql.api.java.UDF1<String, Boolean>) CsvImporter::isNumber,
                org.apache.spark.sql.types.DataTypes.BooleanType);
        // the style's own rule, per cell: its plain form, and whether it is a number the decimal comma does not read;
        // the executors make the style from its two options (Strings), so nothing of it is serialized
        String decimal = style.decimal();
        String thousands = style.thousands();
        org.apache.spark.sql.expressions.UserDefinedFunction plain = functions.udf(
                (org.apache.spark.sql.api.java.UDF1<String, String>) t -> NumberStyle.of(decimal, thousands).plain(t),
                org.apache.spark.sql.types.DataTypes.StringType);
        org.apache.spark.sql.expressions.UserDefinedFunction unread = functions.udf(
                (org.apache.spark.sql.api.java.UDF1<String, Boolean>) t -> NumberStyle.of(decimal, thousands).unread(t),
                org.apache.spark.sql.types.DataTypes.BooleanType);
        Object[] missing = missingMarkers.toArray();
        java.util.function.Function<String, org.apache.spark.sql.Column> cell = t -> {
            org.apache.spark.sql.Column c = column(t);
            return functions.when(c.isin(missing), functions.lit(null).cast("string"))
                    .otherwise(style.plain() ? c : plain.apply(c));
        };
        // per text column: all numbers?, then for the importer's warnings the cells that are not numbers (how many,
        // the smallest as an example, how many of them are numbers with a decimal comma), the cells present, and the
        // numbers written with a '.' that the decimal comma does not read (how many, the smallest)
        List<org.apache.spark.sql.Column> all = new java.util.ArrayList<>();
        for (String t : texts) {
            org.apache.spark.sql.Column c = cell.apply(t);
            org.apache.spark.sql.Column pointed = style.decimalComma() ? c.isNotNull().and(unread.apply(column(t)))
                    : functions.lit(false);
            org.apache.spark.sql.Column odd = c.isNotNull().and(functions.not(number.apply(c)).or(pointed));
            all.add(functions.min(functions.when(c.isNull(), true).otherwise(number.apply(c).and(functions.not(pointed)))));
            all.add(functions.sum(functions.when(odd, 1L).otherwise(0L)));
            all.add(functions.min(functions.when(odd, column(t))));
            all.add(functions.sum(functions.when(odd.and(number.apply(point.apply(column(t)))), 1L).otherwise(0L)));
            all.add(functions.count(c));
            all.add(functions.sum(functions.when(pointed, 1L).otherwise(0L)));
            all.add(functions.min(functions.when(pointed, column(t))));
        }
        Row numeric = all.isEmpty() ? null
                : df.agg(all.get(0), all.subList(1, all.size()).toArray(new org.apache.spark.sql.Column[0])).first();
        ImportOptions markers = ImportOptions.builder().missing(missingMarkers).build();
        List<String> pointedColumns = new java.util.ArrayList<>();
        String pointedExample = null;
        for (int t = 0; t < texts.size(); t++) {
            int at = STRAY_AGGREGATES * t;
            boolean numbers = !numeric.isNullAt(at) && numeric.getBoolean(at);
            long odd = numeric.isNullAt(at + 1) ? 0 : numeric.getLong(at + 1); // null: no rows
            if (!numbers && odd > 0 && numeric.getLong(at + 5) == odd) { // numbers but for 2.000 under --decimal ,
                pointedColumns.add(texts.get(t));
                pointedExample = pointedExample != null ? pointedExample : numeric.getString(at + 6);
                continue;
            }
            // numbers with a decimal comma among numbers are not strays: ColumnRoles names the column for --decimal ,
            String stray = numbers || odd == 0 || numeric.getLong(at + 3) == odd ? null
                    : CsvImporter.strayCells(texts.get(t), odd, numeric.getLong(at + 4), numeric.getString(at + 2), 0, markers);
            if (stray != null) {
                org.slf4j.LoggerFactory.getLogger(PlateFrame.class).warn("{}: {}", path, SparkAdvice.of(stray));
            }
        }
        if (!pointedColumns.isEmpty()) { // the importer's warning; Spark does not tell the line
            org.slf4j.LoggerFactory.getLogger(PlateFrame.class).warn("{}: {}", path,
                    SparkAdvice.of(style.unreadWarning(pointedColumns, pointedExample, 0)));
        }
        org.apache.spark.sql.Column[] out = new org.apache.spark.sql.Column[df.columns().length];
        for (int i = 0; i < out.length; i++) {
            String n = df.columns()[i];
            int t = texts.indexOf(n);
            org.apache.spark.sql.Column c = column(n);
            if (t >= 0) {
                c = cell.apply(n);
                int at = STRAY_AGGREGATES * t;
                c = !numeric.isNullAt(at) && numeric.getBoolean(at) ? functions.trim(c).cast("double") : c;
            } else if (kept.contains(n)) {
                c = functions.when(c.isin(missing), functions.lit(null).cast("string")).otherwise(c);
            }
            out[i] = c.as(n);
        }
        return df.select(out);
    }

    /**
     * {@code df} without the columns {@code --ignore} names ({@link CsvImporter#IGNORE} in {@code options}), read as
     * the CSV importer reads them ({@link CsvImporter#ignored}: none the label or named by another option), each one
     * the input has.
     */
    private static org.apache.spark.sql.Dataset<Row> withoutIgnored(org.apache.spark.sql.Dataset<Row> df, String path,
            ImportOptions options) {
        List<String> names = java.util.Arrays.asList(df.columns());
        Set<String> ignored = CsvImporter.ignored(java.nio.file.Path.of(path), 0, options, names::contains);
        for (String n : ignored) {
            if (!names.contains(n)) {
                throw new PlateException(path + ": --ignore names a column the input does not have ('" + n + "'); it has "
                        + String.join(", ", names));
            }
            df = df.drop(column(n));
        }
        return df;
    }

    /** Aggregates per text column in {@link #asImporterReadsCells}. */
    private static final int STRAY_AGGREGATES = 7;

    /**
     * The column named {@code name} as written: back-quoted, since Spark reads a dot in a plain name as a
     * field of a struct (R's {@code Sepal.Length}, a CSV header) and could not resolve it.
     */
    static org.apache.spark.sql.Column column(String name) {
        return functions.col("`" + name.replace("`", "``") + "`");
    }

    /** {@code V1..Vn}: the CSV importer's names of the columns of a file without a header. */
    private static String[] columnNames(int n) {
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = CsvImporter.columnName(i);
        }
        return names;
    }

    /**
     * {@code df} without pandas' row index, as the CSV importer leaves it out ({@code CsvImporter.rowIndex}): among
     * the leading columns with no name (Spark names an empty header cell {@code _cN}) or pandas' {@code Unnamed: N},
     * each that numbers the rows in file order from 0 or 1, or holds distinct whole numbers >= 0 (the index of a
     * split or a filter of a frame's rows).
     */
    private static org.apache.spark.sql.Dataset<Row> withoutRowIndex(org.apache.spark.sql.Dataset<Row> df, String path) {
        String[] names = df.columns();
        org.apache.spark.sql.Dataset<Row> kept = df;
        for (int i = 0; i < names.length - 1; i++) {
            String name = names[i];
            if (!(name.equals("_c" + i) || name.matches("Unnamed: \\d+"))
                    || !(df.schema().fields()[i].dataType() instanceof org.apache.spark.sql.types.NumericType)) {
                break;
            }
            String why = rowIndex(df, name);
            if (why == null) {
                break;
            }
            org.slf4j.LoggerFactory.getLogger(PlateFrame.class).warn("{}: the column {} has no name and {}: a row index"
                    + " (pandas' to_csv writes one unless index=False), left out (give it a name in the header to keep it)",
                    path, i + 1, why);
            kept = kept.drop(column(name));
        }
        return kept;
    }

    /**
     * {@code df}, read from a file with no header, without its first column when that numbers the rows in file
     * order from 0 or 1, as the CSV importer leaves it out (pandas' {@code to_csv(header=False)} writes the index).
     */
    private static org.apache.spark.sql.Dataset<Row> withoutRowNumbers(org.apache.spark.sql.Dataset<Row> df, String path) {
        String first = df.columns()[0];
        if (df.columns().length < 2 || !(df.schema().fields()[0].dataType() instanceof org.apache.spark.sql.types.NumericType)
                || rowIndex(df, first) == null) {
            return df;
        }
        org.apache.spark.api.java.JavaRDD<Row> index = df.select(column(first)).javaRDD();
        double base = ((Number) index.first().get(0)).doubleValue();
        // in file order: zipWithIndex numbers the rows as the file has them
        boolean inOrder = (base == 0 || base == 1) && df.count() >= 2
                && index.zipWithIndex().filter(t -> ((Number) t._1().get(0)).doubleValue() != t._2() + base).isEmpty();
        if (!inOrder) {
            return df;
        }
        org.slf4j.LoggerFactory.getLogger(PlateFrame.class).warn("{}: the first column {} numbers the rows in order: a row"
                + " index (pandas' to_csv(header=False) writes one unless index=False), left out", path, first);
        return df.drop(column(first));
    }

    /** What makes column {@code name} of {@code df} a row index (see {@link #withoutRowIndex}), or null. */
    private static String rowIndex(org.apache.spark.sql.Dataset<Row> df, String name) {
        org.apache.spark.sql.Column c = column(name);
        Row stats = df.agg(functions.count(c), functions.countDistinct(c), functions.min(c),
                functions.sum(functions.when(c.notEqual(functions.floor(c)), 1).otherwise(0)), functions.count(functions.lit(1)))
                .first();
        long n = stats.getLong(4);
        if (n == 0 || stats.getLong(0) != n || stats.getLong(1) != n || ((Number) stats.get(2)).doubleValue() < 0
                || stats.getLong(3) != 0) {
            return null; // a missing cell, a repeated value, a negative one or a fraction
        }
        // the rows in order from 0 or 1 are such numbers too: one rule, with no pass in file order
        return "holds " + n + " distinct whole numbers >= 0 (the rows in order, or those of a split, a filter, a sample)";
    }

    public static PlateFrame parquet(SparkSession spark, String path, String label, Set<String> categorical) {
        return of(spark.read().parquet(path), label, categorical, null);
    }

    /**
     * LibSVM rows by Spark's reader: a {@code label} column (classes, or a numeric target when a label has a
     * fraction) and a {@code features} vector named "1".."n".
     */
    public static PlateFrame libsvm(SparkSession spark, String path) {
        return libsvm(spark, path, "false");
    }

    /**
     * LibSVM rows, indexed as {@code zeroBased} says, as scikit-learn's {@code load_svmlight_file} and the
     * LibSVM importer read them: {@code auto} (0-based when an index 0 appears), {@code true} or {@code
     * false}. One pass parses every line with the importer's parser; a plain 1-based file is then read by
     * Spark's own reader, a 0-based one or one with query ids by {@link LibSvmOnSpark}. Feature i of a
     * 0-based file is feature i + 1 of the same file written 1-based.
     */
    public static PlateFrame libsvm(SparkSession spark, String path, String zeroBased) {
        return libsvm(spark, path, zeroBased, Set.of());
    }

    /**
     * As {@link #libsvm(SparkSession, String, String)}; the labels are a numeric target when one has a fraction,
     * unless {@code categorical} names {@code label}, by the LibSVM importer's rule ({@link Labels#libSvmTarget}).
     */
    public static PlateFrame libsvm(SparkSession spark, String path, String zeroBased, Set<String> categorical) {
        if (!List.of("auto", "true", "false").contains(zeroBased)) {
            throw new PlateException("--zero-based must be auto, true or false, got '" + zeroBased + "'");
        }
        LibSvmOnSpark.Layout layout = LibSvmOnSpark.layout(spark, path);
        if (layout.rows() == 0) { // the importer's words
            throw new PlateException(path + ": " + (layout.lines() == 0 ? LibSvmImporter.EMPTY_FILE : LibSvmImporter.NO_ROWS));
        }
        // auto: an index 0, else the comment scikit-learn writes ('# Column indices are zero-based'), else 1-based
        int stated = zeroBased.equals("auto") ? LibSvmOnSpark.statedBase(spark, path) : -1;
        int base = zeroBased.equals("true") || zeroBased.equals("auto") && (layout.zero() || stated == 0) ? 0 : 1;
        if (stated == 1 && layout.zero()) {
            throw new PlateException(path + ": feature index 0 in a file whose comment says 'Column indices are"
                    + " one-based': give --zero-based true");
        }
        if (base == 1 && layout.zero()) {
            throw new PlateException(path + ": feature index 0 with --zero-based false: indices are 1-based"
                    + " (scikit-learn writes 0-based files: --zero-based true, or auto)");
        }
        org.apache.spark.sql.DataFrameReader reader = spark.read().format("libsvm");
        if (layout.maxIndex() > 0) { // the width the pass found, so that Spark's reader makes no pass of its own
            reader.option("numFeatures", layout.maxIndex());
        }
        org.apache.spark.sql.Dataset<Row> rows = base == 1 && !layout.qid()
                ? InputFiles.inNameOrder(spark, path, reader.load(path), reader::load) : LibSvmOnSpark.read(spark, path, base);
        boolean target = Labels.libSvmTarget("label", layout.fraction(), ImportOptions.builder().categorical(categorical).build());
        return withPath(path, () -> new PlateFrame(rows, target ? ColumnRoles.of(rows, null, "label", categorical, null)
                : ColumnRoles.of(rows, "label", categorical, null)));
    }

    /**
     * Reads {@code path} by its format: {@code csv}, {@code parquet} or {@code libsvm}. Labelled data
     * without a named label column take the last column, as the CSV importer does; a CSV's or Parquet file's
     * label column of numbers is a numeric target unless {@code categorical} names it, as {@code plate:import}
     * reads it ({@link Labels#numericTarget}); LibSVM labels are one when a label has a fraction, unless
     * {@code categorical} names {@code label} ({@link Labels#libSvmTarget}).
     */
    public static PlateFrame read(SparkSession spark, String format, String path, String label,
            Set<String> categorical, boolean labelled) {
        return read(spark, format, path, label, categorical, labelled, ImportOptions.defaults());
    }

    /**
     * As {@link #read(SparkSession, String, String, String, Set, boolean)}, with the importers' reading
     * options: a CSV's {@code delimiter}, {@code decimal} and {@code thousands} (extra keys), a LibSVM file's
     * {@code zero_based}.
     */
    public static PlateFrame read(SparkSession spark, String format, String path, String label,
            Set<String> categorical, boolean labelled, ImportOptions reading) {
        String zeroBased = reading.extra().getOrDefault(LibSvmImporter.ZERO_BASED, "auto");
        String decimal = reading.extra().getOrDefault(CsvImporter.DECIMAL, ".");
        String thousands = reading.extra().get(NumberStyle.THOUSANDS);
        boolean header = !reading.extra().getOrDefault(CsvImporter.HEADER, "true").strip().equalsIgnoreCase("false");
        org.apache.spark.sql.Dataset<Row> df;
        switch (format) {
            case "csv":
                String problem = NumberStyle.problem(decimal, thousands);
                if (problem != null) {
                    throw new PlateException("--" + problem);
                }
                df = csvRows(spark, path, reading.delimiter().orElse(null), NumberStyle.of(decimal, thousands), header,
                        categorical, reading.missing(), ignoring(reading, label, categorical));
                break;
            case "parquet":
                org.apache.spark.sql.Dataset<Row> parquet = spark.read().parquet(path);
                df = withoutIgnored(InputFiles.inNameOrder(spark, path, parquet, f -> spark.read().schema(parquet.schema())
                        .parquet(f)), path, ignoring(reading, label, categorical));
                break;
            case "libsvm":
                PlateFrame f = libsvm(spark, path, zeroBased, categorical);
                return labelled ? f : f.unlabelled();
            default: throw new PlateException("format '" + format + "' is not one of csv, parquet, libsvm, text, folders");
        }
        String[] c = df.columns();
        String l = labelled && label == null ? c[c.length - 1] : label;
        String target = l != null && java.util.Arrays.asList(c).contains(l)
                && df.schema().apply(l).dataType() instanceof org.apache.spark.sql.types.NumericType
                && Labels.numericTarget(l, true, ImportOptions.builder().categorical(categorical).build()) ? l : null;
        org.apache.spark.sql.Dataset<Row> rows = df;
        PlateFrame f = withPath(path, () -> new PlateFrame(rows, target != null
                ? ColumnRoles.of(rows, null, target, categorical, null) : ColumnRoles.of(rows, l, categorical, null)));
        return labelled ? f : f.unlabelled();
    }

    /** {@code reading} with the {@code label} and {@code categorical} columns, against which {@code --ignore} is checked. */
    private static ImportOptions ignoring(ImportOptions reading, String label, Set<String> categorical) {
        ImportOptions.Builder b = reading.toBuilder().categorical(categorical);
        return (label != null ? b.label(label) : b).build();
    }

    /** {@code frame}, whose refusals (a label column not in the file, no rows, …) name the file read, as the importers' do. */
    private static PlateFrame withPath(String path, java.util.function.Supplier<PlateFrame> frame) {
        try {
            return frame.get();
        } catch (PlateException e) {
            throw e.getMessage() != null && e.getMessage().startsWith(path) ? e : new PlateException(path + ": " + e.getMessage(), e);
        }
    }

    public org.apache.spark.sql.Dataset<Row> rows() {
        return rows;
    }

    /** The words of the count column (empty without one). */
    public List<String> vocabulary() {
        return roles.vocabulary;
    }

    ColumnRoles roles() {
        return roles;
    }

    /** The same rows read without labels (to score). */
    public PlateFrame unlabelled() {
        return new PlateFrame(rows, roles.withoutLabel());
    }

    @Override
    public String toString() {
        return roles.summary(-1);
    }
}

package io.plate.spark;

import io.plate.api.PlateException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import io.plate.importers.impl.TextCounts;
import io.plate.importers.impl.TextImporter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;

/**
 * Text corpora on Spark, tokenised by the text importer's own vectoriser ({@link TextCounts}): documents
 * are read with Spark (the importer's TSV layout or one folder per class), each partition counts its
 * words, the vocabulary is the distributed sum of document frequencies and totals pruned by the
 * importer's rule, and each document becomes a sparse count vector over it. The result is the importer's
 * matrix: the same words in the same order and the same counts, row for row.
 */
public final class SparkText {
    /** Columns of a documents DataFrame. */
    public static final String LABEL = "label";
    public static final String TEXT = "text";
    /** The count column of a vectorised corpus. */
    public static final String COUNTS = "counts";

    private SparkText() {
    }

    /**
     * The header of the local TSV {@code file} checked as {@link #tsv} checks it (the importer's rules and words: a
     * text column, a label column unless unlabelled), so that a file without one is refused before Spark starts; an
     * empty file is left to {@link #tsv}.
     */
    static void checkHeader(Path file, ImportOptions options) {
        String header;
        try (java.io.BufferedReader in = java.nio.file.Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            header = in.readLine();
        } catch (java.io.IOException e) { // not UTF-8, unreadable: Spark's read says what is wrong
            return;
        }
        if (header != null) {
            TextImporter.textAndLabelColumns(header.split("\t", -1), Path.of(file.toString()), options, '\t');
        }
    }

    /**
     * The importer's TSV layout: a header naming a {@code text} column (or {@code --text-column}) and the
     * label column, one document a line, backslash escapes in the text; with another delimiter in the
     * options, a delimited file with CSV quoting. Rows keep the file's order; blank lines are skipped.
     */
    public static org.apache.spark.sql.Dataset<Row> tsv(SparkSession spark, String path, ImportOptions options) {
        if (options.delimiter().isPresent()) { // tab too: CSV quoting, as the importer reads it
            return delimited(spark, path, options, options.delimiter().get());
        }
        JavaRDD<String> lines = spark.read().textFile(path).javaRDD();
        String header = lines.first();
        String[] names = header.split("\t", -1);
        // the importer's rules and messages (a missing text column says which option would find it)
        int[] columns = TextImporter.textAndLabelColumns(names, Path.of(path), options, '\t');
        int width = names.length;
        int t = columns[0];
        int l = columns[1];
        ArrayList<String> missing = new ArrayList<>(options.missing());
        JavaRDD<Row> rows = lines.zipWithIndex().filter(p -> p._2() > 0 && !p._1().isEmpty()).map(p -> {
            String[] f = p._1().split("\t", -1);
            if (f.length != width) {
                throw new PlateException(path + ", line " + (p._2() + 1) + ": ragged row: expected " + width
                        + " tab-separated fields as in the header, found " + f.length
                        + (p._1().indexOf('"') >= 0 ? TextImporter.QUOTED_HINT : ""));
            }
            String lv = l < 0 || missing.contains(f[l]) ? null : f[l];
            return RowFactory.create(lv, TextCounts.unescape(f[t]));
        });
        return spark.createDataFrame(rows, documentSchema());
    }

    /**
     * Documents of a file whose fields are separated by {@code delimiter} with CSV quoting (a quoted text
     * may hold the delimiter, quotes and line breaks), read by Spark's CSV reader; the columns found by the
     * importer's rules. Texts are taken as they are, without the TSV layout's escapes, as the importer does.
     */
    private static org.apache.spark.sql.Dataset<Row> delimited(SparkSession spark, String path, ImportOptions options,
            char delimiter) {
        org.apache.spark.sql.Dataset<Row> csv = spark.read().option("header", "true").option("sep", String.valueOf(delimiter))
                .option("quote", "\"").option("escape", "\"").option("multiLine", "true").option("mode", "FAILFAST")
                .option("inferSchema", "false").csv(path);
        int[] columns = TextImporter.textAndLabelColumns(csv.columns(), Path.of(path), options, delimiter);
        String[] names = csv.columns();
        Column label = columns[1] < 0 ? functions.lit(null).cast(DataTypes.StringType)
                : functions.when(PlateFrame.column(names[columns[1]]).isin(options.missing().toArray()), null)
                        .otherwise(PlateFrame.column(names[columns[1]]));
        return csv.select(label.as(LABEL), functions.coalesce(PlateFrame.column(names[columns[0]]), functions.lit(""))
                .as(TEXT));
    }
    /**
     * One folder per class, one document per file (UTF-8, or Latin-1 when a file is not valid UTF-8), in
     * the importer's order: folders, then files, by code point; hidden entries are skipped.
     */
    public static org.apache.spark.sql.Dataset<Row> folders(SparkSession spark, String root) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaRDD<Row> rows = jsc.binaryFiles(root + "/*/*").filter(p -> !hidden(p._1())).map(p -> {
            String[] parts = p._1().split("/");
            return RowFactory.create(parts[parts.length - 2], decode(p._2().toArray()), p._1());
        });
        StructType withPath = documentSchema().add("path", DataTypes.StringType, false);
        return spark.createDataFrame(rows, withPath).orderBy("path").drop("path");
    }

    /** True when the file or its folder starts with a dot (the importer skips those). */
    private static boolean hidden(String uri) {
        String[] parts = uri.split("/");
        return parts[parts.length - 1].startsWith(".") || parts[parts.length - 2].startsWith(".");
    }

    private static String decode(byte[] bytes) throws CharacterCodingException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    private static StructType documentSchema() {
        return new StructType().add(LABEL, DataTypes.StringType, true).add(TEXT, DataTypes.StringType, false);
    }

    /**
     * The documents ({@link #LABEL}, {@link #TEXT}) as a labelled frame of word counts ({@link #COUNTS})
     * with the options of the text importer ({@code min_df}, {@code max_df}, {@code max_features},
     * {@code binary}, stop words, bigrams, lowercase). Other columns of {@code documents} are carried
     * along after the counts (not as features).
     */
    public static PlateFrame vectorise(org.apache.spark.sql.Dataset<Row> documents, ImportOptions options) {
        SparkSession spark = documents.sparkSession();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Path source = Path.of("spark");
        // what tokenising needs, as plain values for the executors (ImportOptions is not sent)
        boolean lowercase = options.lowercase();
        boolean stopWords = options.stopWords();
        int ngram = options.ngramMax();
        List<String> extra = new ArrayList<>();
        for (String c : documents.columns()) {
            if (!c.equals(LABEL) && !c.equals(TEXT)) {
                extra.add(c);
            }
        }
        List<org.apache.spark.sql.Column> in = new ArrayList<>();
        in.add(org.apache.spark.sql.functions.col(LABEL));
        in.add(org.apache.spark.sql.functions.col(TEXT));
        for (String c : extra) {
            in.add(PlateFrame.column(c));
        }
        org.apache.spark.sql.Dataset<Row> selected = documents.select(in.toArray(new org.apache.spark.sql.Column[0]));
        JavaRDD<Row> docs = selected.javaRDD();
        // distributed count: (word, [document frequency, total]) summed over partitions
        Map<String, long[]> stats = docs.mapPartitionsToPair(it -> {
            SparseMatrix m = TextCounts.count(texts(it), tokens(lowercase, stopWords, ngram), Path.of("spark"));
            if (m == null) {
                return Collections.<Tuple2<String, long[]>>emptyIterator();
            }
            long[][] dt = columnTotals(m);
            List<Tuple2<String, long[]>> out = new ArrayList<>(m.columns());
            for (int j = 0; j < m.columns(); j++) {
                out.add(new Tuple2<>(m.vocabulary().get(j), new long[] {dt[0][j], dt[1][j]}));
            }
            return out.iterator();
        }).reduceByKey((a, b) -> new long[] {a[0] + b[0], a[1] + b[1]}).collectAsMap();
        long documentsCount = docs.count();
        if (stats.isEmpty()) {
            throw TextCounts.emptyVocabulary(options, source);
        }
        List<String> words = new ArrayList<>(stats.keySet());
        words.sort(TextCounts.WORD_ORDER);
        int[] df = new int[words.size()];
        long[] tf = new long[words.size()];
        for (int i = 0; i < df.length; i++) {
            long[] s = stats.get(words.get(i));
            df[i] = Math.toIntExact(s[0]);
            tf[i] = s[1];
        }
        boolean[] keep = TextCounts.prune(df, tf, Math.toIntExact(documentsCount), options, source);
        ArrayList<String> vocabulary = new ArrayList<>();
        for (int i = 0; i < keep.length; i++) {
            if (keep[i]) {
                vocabulary.add(words.get(i));
            }
        }
        Broadcast<ArrayList<String>> vocab = jsc.broadcast(vocabulary);
        boolean binary = options.binary();
        int width = 2 + extra.size();
        JavaRDD<Row> rows = docs.mapPartitions(it -> {
            List<Row> kept = new ArrayList<>();
            it.forEachRemaining(kept::add);
            SparseMatrix m = TextCounts.count(texts(kept.iterator()), tokens(lowercase, stopWords, ngram),
                    Path.of("spark"));
            List<String> v = vocab.value();
            Map<String, Integer> index = new HashMap<>(2 * v.size());
            for (int i = 0; i < v.size(); i++) {
                index.put(v.get(i), i);
            }
            int[] to = new int[m == null ? 0 : m.columns()];
            for (int j = 0; j < to.length; j++) {
                to[j] = index.getOrDefault(m.vocabulary().get(j), -1);
            }
            List<Row> out = new ArrayList<>(kept.size());
            for (int r = 0; r < kept.size(); r++) {
                int n = 0;
                int len = m == null ? 0 : m.end(r) - m.start(r);
                int[] ix = new int[len];
                double[] x = new double[len];
                for (int q = m == null ? 0 : m.start(r), e = m == null ? 0 : m.end(r); q < e; q++) {
                    int c = to[m.column(q)];
                    if (c >= 0) { // both vocabularies are in word order, so the columns stay increasing
                        ix[n] = c;
                        x[n++] = binary ? 1 : m.value(q);
                    }
                }
                Object[] values = new Object[width];
                values[0] = kept.get(r).get(0);
                values[1] = Vectors.sparse(v.size(), Arrays.copyOf(ix, n), Arrays.copyOf(x, n));
                for (int i = 2; i < width; i++) {
                    values[i] = kept.get(r).get(i);
                }
                out.add(RowFactory.create(values));
            }
            return out.iterator();
        });
        StructType schema = new StructType().add(LABEL, DataTypes.StringType, true)
                .add(COUNTS, new VectorUDT(), false);
        for (String c : extra) {
            schema = schema.add(selected.schema().apply(c));
        }
        org.apache.spark.sql.Dataset<Row> counted = spark.createDataFrame(rows, schema);
        ColumnRoles roles = ColumnRoles.of(counted.select(LABEL, COUNTS), options.noLabel() ? null : LABEL, Set.of(),
                vocabulary);
        return new PlateFrame(counted, roles);
    }

    private static ImportOptions tokens(boolean lowercase, boolean stopWords, int ngram) {
        return ImportOptions.builder().lowercase(lowercase).stopWords(stopWords).ngramMax(ngram).build();
    }

    private static Iterator<String> texts(Iterator<Row> rows) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public String next() {
                return rows.next().getString(1);
            }
        };
    }

    /** Per column of {@code m}: the number of rows holding it and the sum of its values. */
    private static long[][] columnTotals(SparseMatrix m) {
        long[] df = new long[m.columns()];
        long[] tf = new long[m.columns()];
        for (int r = 0; r < m.rows(); r++) {
            for (int q = m.start(r), e = m.end(r); q < e; q++) {
                df[m.column(q)]++;
                tf[m.column(q)] += m.count(q);
            }
        }
        return new long[][] {df, tf};
    }
}

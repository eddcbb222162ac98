package io.plate.spark;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Naive Bayes on Spark with the classifier bundle's own engine: each partition becomes a Plate dataset
 * whose statistics the learner collects as on one machine; the partitions' statistics are merged by a
 * tree reduction and the driver makes the model from their sum, so the model (and its file) is the one
 * {@code plate:train} makes from the same rows. Scoring adds a prediction and a probability column.
 */
public final class SparkNaiveBayes {
    /** Columns added by {@link #predict}. */
    public static final String PREDICTION = "prediction";
    public static final String PROBABILITY = "probability";

    /** Rows per Plate dataset on an executor while statistics are collected. */
    static final int CHUNK = 20_000;

    private SparkNaiveBayes() {
    }

    /**
     * Fits learner {@code name} ({@link NaiveBayesStatistics#LEARNERS}) to the labelled frame.
     *
     * @param given parameters as text (validated by the learner, as {@code plate:train} does)
     */
    public static Model train(PlateFrame frame, String name, Map<String, String> given, long seed) {
        Learner learner = NaiveBayesStatistics.learner(name);
        Params params = learner.params(given);
        ColumnRoles roles = frame.roles();
        if (roles.label == null) {
            throw new PlateException(name + " needs labels; name the label column");
        }
        // what the learner needs of the columns, checked here before a job: one message, not a failed task
        NaiveBayesStatistics.collect(learner, PartitionData.of(Collections.emptyIterator(), 0, roles, true, "input"),
                params, roles.classes);
        SparkSession spark = frame.rows().sparkSession();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<String> rolesJson = jsc.broadcast(roles.toJson());
        HashMap<String, String> paramText = new HashMap<>(given);
        // one partial per task, not per input partition: each task merges the statistics of its rows in
        // chunks of CHUNK rows in memory, so that only as many partials as cores cross the network
        int tasks = Math.max(1, jsc.defaultParallelism());
        JavaRDD<byte[]> parts = frame.rows().select(roles.columns()).javaRDD().coalesce(tasks).mapPartitions(it -> {
            ColumnRoles r = ColumnRoles.fromJson(rolesJson.value());
            Learner l = NaiveBayesStatistics.learner(name);
            Params p = l.params(paramText);
            NaiveBayesStatistics stats = null;
            while (it.hasNext()) {
                Dataset part = PartitionData.of(new Chunk(it, CHUNK), 0, r, true, "partition");
                NaiveBayesStatistics s = NaiveBayesStatistics.collect(l, part, p, r.classes);
                stats = stats == null ? s : stats.merge(s);
            }
            return stats == null ? Collections.emptyIterator() : Collections.singletonList(stats.toJson()).iterator();
        });
        byte[] sum;
        try {
            sum = parts.treeReduce(SparkNaiveBayes::mergeJson, 2);
        } catch (UnsupportedOperationException e) { // Spark's "empty collection"
            throw new PlateException("the DataFrame has no rows to train on", e);
        } finally {
            rolesJson.destroy();
        }
        return NaiveBayesStatistics.fromJson(sum).model(learner, params, seed, roles.summary(frame.rows().count()));
    }

    private static byte[] mergeJson(byte[] a, byte[] b) {
        return NaiveBayesStatistics.fromJson(a).merge(NaiveBayesStatistics.fromJson(b)).toJson();
    }

    /**
     * {@code frame}'s rows with two columns added: {@link #PREDICTION} (the most probable class) and
     * {@link #PROBABILITY} (the posterior of each class, in the model's class order). Features are matched
     * to the model's by name, levels and words by text, as {@code plate:predict} matches them.
     */
    public static org.apache.spark.sql.Dataset<Row> predict(Model model, PlateFrame frame) {
        ColumnRoles roles = frame.roles().withoutLabel();
        // the model's columns checked here, before a job: one message, not a task failing on every executor
        model.predictLogProba(PartitionData.of(Collections.emptyIterator(), 0, roles, false, "input"));
        org.apache.spark.sql.Dataset<Row> df = frame.rows();
        SparkSession spark = df.sparkSession();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<byte[]> modelJson = jsc.broadcast(json(model));
        Broadcast<String> rolesJson = jsc.broadcast(roles.toJson());
        String type = model.type();
        int width = df.columns().length;
        org.apache.spark.sql.Column[] features = roles.columns();
        org.apache.spark.sql.Column[] all = new org.apache.spark.sql.Column[width + features.length];
        for (int i = 0; i < width; i++) {
            all[i] = PlateFrame.column(df.columns()[i]);
        }
        System.arraycopy(features, 0, all, width, features.length);
        JavaRDD<Row> scored = df.select(all).javaRDD().mapPartitions(it -> {
            List<Row> kept = new ArrayList<>();
            while (it.hasNext()) {
                kept.add(it.next());
            }
            if (kept.isEmpty()) {
                return Collections.emptyIterator();
            }
            ColumnRoles r = ColumnRoles.fromJson(rolesJson.value());
            Model m = read(type, modelJson.value());
            Dataset part = PartitionData.of(kept.iterator(), width, r, false, "partition");
            double[][] lp = m.predictLogProba(part);
            List<String> classes = m.classes();
            return new ScoredRows(kept, width, lp, classes);
        });
        StructType schema = df.schema().add(PREDICTION, DataTypes.StringType, false)
                .add(PROBABILITY, DataTypes.createArrayType(DataTypes.DoubleType, false), false);
        return spark.createDataFrame(scored, schema);
    }

    /** The model's JSON file content. */
    static byte[] json(Model model) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            model.writeJson(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A model from its file content, read by the learner of its type. */
    static Model read(String type, byte[] json) {
        try {
            return NaiveBayesStatistics.learner(type).readModel(new ByteArrayInputStream(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** At most {@code n} rows of {@code rows}. */
    private static final class Chunk implements Iterator<Row> {
        private final Iterator<Row> rows;
        private int left;

        Chunk(Iterator<Row> rows, int n) {
            this.rows = rows;
            this.left = n;
        }

        @Override
        public boolean hasNext() {
            return left > 0 && rows.hasNext();
        }

        @Override
        public Row next() {
            left--;
            return rows.next();
        }
    }

    /** The input rows (their first {@code width} values) followed by the prediction and the probabilities. */
    private static final class ScoredRows implements Iterator<Row> {
        private final List<Row> rows;
        private final int width;
        private final double[][] logProba;
        private final List<String> classes;
        private int next;

        ScoredRows(List<Row> rows, int width, double[][] logProba, List<String> classes) {
            this.rows = rows;
            this.width = width;
            this.logProba = logProba;
            this.classes = classes;
        }

        @Override
        public boolean hasNext() {
            return next < rows.size();
        }

        @Override
        public Row next() {
            Row r = rows.get(next);
            double[] lp = logProba[next++];
            Object[] v = new Object[width + 2];
            for (int i = 0; i < width; i++) {
                v[i] = r.get(i);
            }
            int best = 0;
            Double[] p = new Double[lp.length];
            for (int k = 0; k < lp.length; k++) {
                p[k] = Math.exp(lp[k]);
                if (lp[k] > lp[best]) {
                    best = k;
                }
            }
            v[width] = classes.get(best);
            v[width + 1] = p;
            return RowFactory.create(v);
        }
    }
}
